import type {
  AuthoredBatch,
  AuthoredListing,
  AuthoredPlace,
  AuthoringResult,
  AuthoringWarning,
  BatchBody,
  CreateListingBody,
  PlanBody,
  ProgramBody,
  TeacherListings,
  UpdateBatchBody,
  UpdateListingBody,
  UpdatePlanBody,
} from '@kalike/shared/contracts/listing-authoring';
import { batchPlaceColumns } from '../../db/batch-place-columns';
import type { BatchPlace, ListingChange, ListingChangeView } from '@kalike/shared/contracts/listing-review';
import { formatCalendarDate, formatClockTime, formatWeekdays, istClockTime, istDateKey } from '@kalike/shared/format/dates';
import { batchesOverlap, classPackProblem } from '@kalike/shared/domain/listing-authoring-rules';
import { canMoveListing, listingReviewStateLabels, teacherMayEdit } from '@kalike/shared/domain/listing-review-lifecycle';
import { formatPaise } from '@kalike/shared/format/money';
import type { Kysely } from 'kysely';
import { refreshListingSummary } from '../../db/listing-filters';
import { recordPublicPageChange } from '../page-changes/record-public-page-change';
import type { Database } from '../../db/schema';
import { teachersOnly, type AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import type { BatchRow, Db, ListingAuthoringRepository, OwnListingRow, PendingChangeRow, PlanRow } from './listing-authoring.repository';

export const authoringTeachers = teachersOnly('Only teachers write listings');

export interface ListingAuthoringServiceDeps {
  db: Kysely<Database>;
  repository: ListingAuthoringRepository;
  now: () => Date;
  /** A live listing changed in a way learners see at once: the marketplace's cached answers must go. */
  onLiveChanged: () => void;
}

const listingNotFound = () => new DomainError('LISTING_NOT_FOUND', 'This listing does not exist or is not yours', 404);
const programNotFound = () => new DomainError('PROGRAM_NOT_FOUND', 'This program is not part of this listing', 404);
const batchNotFound = () => new DomainError('BATCH_NOT_FOUND', 'This batch is not part of this listing', 404);
const planNotFound = () => new DomainError('PLAN_NOT_FOUND', 'This class pack is not part of this listing', 404);
const invalid = (message: string) => new DomainError('VALIDATION_ERROR', message, 400);

const weekdayShort = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** A batch named like every other on Kalike: "Tue & Thu, 5:00 PM". */
export function batchNameOf(days: readonly number[], startTime: string): string {
  return `${days.map((day) => weekdayShort[day - 1]).join(' & ')}, ${formatClockTime(startTime).toUpperCase()}`;
}

const batchWhen = (batch: { days_of_week: readonly number[]; start_time: string; end_time: string }) =>
  `${formatWeekdays(batch.days_of_week)}, ${formatClockTime(batch.start_time)}–${formatClockTime(batch.end_time)}`;

/** The place a batch row stores, as the contract's shape. */
function placeOfRow(row: BatchRow): BatchPlace {
  switch (row.place) {
    case 'apartment':
      return { kind: 'apartment', apartmentId: row.apartment_id ?? '' };
    case 'learner_home':
      return { kind: 'learner_home', localityId: row.locality_id ?? '', radiusKm: row.radius_km ?? 1 };
    case 'online':
      return { kind: 'online', onlineLink: row.online_link ?? '' };
    default:
      return {
        kind: 'centre',
        localityId: row.locality_id ?? '',
        address: row.centre_address ?? row.locality_name ?? '',
        lat: row.centre_lat ?? row.locality_lat ?? 0,
        lng: row.centre_lng ?? row.locality_lng ?? 0,
      };
  }
}

const samePlace = (a: BatchPlace, b: BatchPlace) => JSON.stringify(a) === JSON.stringify(b);

/** Where a new batch on a live listing may meet without review: a place the listing's approved batches use already. */
function approvedPlaceCovers(approved: readonly BatchPlace[], place: BatchPlace): boolean {
  return approved.some((known) => {
    if (known.kind !== place.kind) return false;
    if (known.kind === 'online') return true;
    if (known.kind === 'apartment' && place.kind === 'apartment') return known.apartmentId === place.apartmentId;
    return samePlace(known, place);
  });
}

export function createListingAuthoringService({ db, repository, now, onLiveChanged }: ListingAuthoringServiceDeps) {
  /** Names for the places a view mentions, looked up once per read. */
  async function placeLabel(tx: Db, place: BatchPlace): Promise<string> {
    switch (place.kind) {
      case 'online':
        return 'Online';
      case 'apartment': {
        const apartment = await repository.findApartment(tx, place.apartmentId);
        return apartment ? `${apartment.name}, ${apartment.locality_name}` : 'An apartment';
      }
      case 'learner_home': {
        const locality = await repository.findLocality(tx, place.localityId);
        return `Learners' homes within ${place.radiusKm} km of ${locality?.name ?? 'the locality'}`;
      }
      default: {
        const locality = await repository.findLocality(tx, place.localityId);
        return locality && !place.address.includes(locality.name) ? `${place.address}, ${locality.name}` : place.address;
      }
    }
  }

  async function checkPlace(tx: Db, place: BatchPlace): Promise<void> {
    if (place.kind === 'apartment') {
      if (!(await repository.findApartment(tx, place.apartmentId))) throw new DomainError('APARTMENT_NOT_FOUND', 'Choose an apartment from the list', 400);
    } else if (place.kind !== 'online') {
      if (!(await repository.findLocality(tx, place.localityId))) throw new DomainError('LOCALITY_NOT_FOUND', 'Choose a locality from the list', 400);
    }
  }

  function missingOf(listing: OwnListingRow, programs: number, batches: number, plans: number): string[] {
    const missing: string[] = [];
    if (listing.about.trim().length === 0) missing.push('Write a few words about the listing.');
    if (programs === 0) missing.push('Add a program.');
    if (batches === 0) missing.push('Add a batch with its days, times and place.');
    if (plans === 0) missing.push('Add a class pack to a batch.');
    return missing;
  }

  async function view(tx: Db, teacherId: string, listingId: string): Promise<AuthoredListing> {
    const listing = await repository.findOwnListing(tx, teacherId, listingId);
    if (!listing) throw listingNotFound();
    const today = istDateKey(now());
    const [programs, batches, plans, pending] = await Promise.all([
      repository.findPrograms(tx, listingId),
      repository.findBatches(tx, listingId),
      repository.findPlans(tx, listingId, today),
      repository.findPendingChanges(tx, listingId),
    ]);
    const pendingOf = (kind: ListingChange['kind'], targetId: string | null) =>
      pending.find((change) => change.kind === kind && change.target_id === targetId)?.proposed;

    const authoredBatches: AuthoredBatch[] = [];
    for (const batch of batches) {
      const place = placeOfRow(batch);
      const held = pendingOf('batch_place', batch.id);
      const heldPlace: AuthoredPlace | null = held?.kind === 'batch_place' ? { place: held.place, label: await placeLabel(tx, held.place) } : null;
      authoredBatches.push({
        id: batch.id,
        programId: batch.program_id,
        name: batch.name,
        daysOfWeek: batch.days_of_week,
        startTime: batch.start_time,
        endTime: batch.end_time,
        startsOn: batch.starts_on,
        endsOn: batch.ends_on,
        seats: batch.capacity,
        seatsTaken: batch.seats_taken,
        students: batch.students,
        place: { place, label: await placeLabel(tx, place) },
        heldPlace,
        plans: plans
          .filter((plan) => plan.batch_id === batch.id)
          .map((plan) => {
            const heldPrice = pendingOf('plan_price', plan.id);
            return {
              id: plan.id,
              name: plan.name,
              classesCount: plan.classes_count,
              validityDays: plan.validity_days,
              pricePaise: plan.price_paise,
              pricePerClassPaise: Math.round(plan.price_paise / plan.classes_count),
              heldPricePaise: heldPrice?.kind === 'plan_price' ? heldPrice.pricePaise : null,
              activePacks: plan.active_packs,
            };
          }),
      });
    }

    const heldListingPlace = pendingOf('listing_place', null);
    const heldLocality = heldListingPlace?.kind === 'listing_place' ? await repository.findLocality(tx, heldListingPlace.localityId) : undefined;
    const heldChanges: ListingChangeView[] = await Promise.all(pending.map((change) => changeView(tx, change, listing, batches, plans)));

    return {
      id: listing.id,
      title: listing.title,
      about: listing.about,
      category: { id: listing.category_id, name: listing.category_name },
      locality: { id: listing.base_locality_id, name: listing.base_locality_name },
      heldLocality: heldLocality ? { id: heldLocality.id, name: heldLocality.name } : null,
      reviewState: listing.review_state,
      reviewNote: listing.review_note,
      submittedAt: listing.submitted_at ? new Date(listing.submitted_at).toISOString() : null,
      neverSubmitted: listing.submitted_at === null && listing.review_state === 'draft',
      programs: programs.map((program) => ({
        id: program.id,
        name: program.name,
        level: program.level,
        description: program.description,
        ageMin: program.age_min,
        ageMax: program.age_max,
        mode: program.mode,
      })),
      batches: authoredBatches,
      heldChanges,
      missing: missingOf(listing, programs.length, batches.length, plans.length),
    };
  }

  /** A held change in words, as the teacher and the admin read it. */
  async function changeView(tx: Db, change: PendingChangeRow, listing: OwnListingRow, batches: BatchRow[], plans: PlanRow[]): Promise<ListingChangeView> {
    const base = { id: change.id, kind: change.kind, createdAt: new Date(change.created_at).toISOString() };
    const proposed = change.proposed;
    if (proposed.kind === 'plan_price') {
      const plan = plans.find((candidate) => candidate.id === proposed.targetId);
      const batch = batches.find((candidate) => candidate.id === plan?.batch_id);
      return {
        ...base,
        what: `Price of '${plan?.name ?? 'a class pack'}'${batch ? ` (${batchWhen(batch)})` : ''}`,
        before: plan ? formatPaise(plan.price_paise) : '',
        after: formatPaise(proposed.pricePaise),
      };
    }
    if (proposed.kind === 'batch_place') {
      const batch = batches.find((candidate) => candidate.id === proposed.targetId);
      return {
        ...base,
        what: `Place of '${batch?.name ?? 'a batch'}'`,
        before: batch ? await placeLabel(tx, placeOfRow(batch)) : '',
        after: await placeLabel(tx, proposed.place),
      };
    }
    const locality = await repository.findLocality(tx, proposed.localityId);
    return { ...base, what: 'Where you are based', before: listing.base_locality_name, after: locality?.name ?? '' };
  }

  /**
   * One change to the teacher's own listing, in one transaction with the listing row locked:
   * refused while it waits for review, then the denormalised columns are recomputed and the
   * whole listing answered. A live listing's change that learners see at once clears the cache.
   */
  async function change(
    user: AuthUser,
    listingId: string,
    apply: (tx: Db, listing: OwnListingRow, teacherId: string) => Promise<{ held?: boolean; warnings?: AuthoringWarning[] } | void>,
  ): Promise<AuthoringResult> {
    const teacherId = authoringTeachers.idOf(user);
    const at = now();
    const result = await db.transaction().execute(async (tx) => {
      const listing = await repository.findOwnListing(tx, teacherId, listingId, true);
      if (!listing) throw listingNotFound();
      if (!teacherMayEdit(listing.review_state)) {
        throw new DomainError(
          'LISTING_IN_REVIEW',
          'This listing is waiting for review and cannot be changed now. Withdraw it to edit, then send it for review again.',
          409,
        );
      }
      const outcome = (await apply(tx, listing, teacherId)) ?? {};
      await repository.updateListing(tx, listingId, {}, at);
      await refreshListingSummary(tx, [listingId]);
      // Learners see a live listing's change at once (held parts excepted): its page changed.
      if (listing.review_state === 'live') await recordPublicPageChange(tx, { teacherIds: [teacherId] });
      return {
        listing: await view(tx, teacherId, listingId),
        held: outcome.held ?? false,
        warnings: outcome.warnings ?? [],
        wasLive: listing.review_state === 'live',
      };
    });
    if (result.wasLive) onLiveChanged();
    return { listing: result.listing, held: result.held, warnings: result.warnings };
  }

  async function ownBatch(tx: Db, listingId: string, batchId: string, lock = false): Promise<{ batch: BatchRow; batches: BatchRow[] }> {
    const batches = await repository.findBatches(tx, listingId, lock ? batchId : undefined);
    const batch = batches.find((candidate) => candidate.id === batchId);
    if (!batch) throw batchNotFound();
    return { batch, batches };
  }

  function checkSchedule(values: { startTime: string; endTime: string; startsOn: string; endsOn: string | null }) {
    if (values.endTime <= values.startTime)
      throw invalid(`A class ends after it starts: ${formatClockTime(values.endTime)} is not after ${formatClockTime(values.startTime)}.`);
    if (values.endsOn !== null && values.endsOn <= values.startsOn) {
      throw invalid(`The last day must be after the first day (${formatCalendarDate(values.startsOn)}).`);
    }
  }

  function checkNotInPast(startsOn: string, startTime: string) {
    const at = now();
    const today = istDateKey(at);
    if (startsOn < today || (startsOn === today && startTime <= istClockTime(at))) {
      throw new DomainError('BATCH_IN_PAST', `A new batch cannot start in the past: choose ${formatCalendarDate(today)} or a later day.`, 400);
    }
  }

  async function overlapWarnings(
    tx: Db,
    teacherId: string,
    batchId: string | null,
    schedule: Parameters<typeof batchesOverlap>[0],
  ): Promise<AuthoringWarning[]> {
    const others = await repository.findTeacherSchedules(tx, teacherId);
    return others
      .filter((other) => other.id !== batchId)
      .filter((other) =>
        batchesOverlap(schedule, {
          days: other.days_of_week,
          startTime: other.start_time,
          endTime: other.end_time,
          startsOn: other.starts_on,
          endsOn: other.ends_on,
        }),
      )
      .map((other) => ({
        code: 'BATCH_OVERLAP' as const,
        message: `This batch meets at the same time as '${other.name}' of ${other.program_name} (${batchWhen(other)}). Check you can teach both.`,
      }));
  }

  function checkPack(pack: { classes: number; validityDays: number; pricePaise: number }) {
    const problem = classPackProblem(pack);
    if (problem) throw new DomainError('PRICE_OUT_OF_BOUNDS', problem, 400);
  }

  return {
    async list(user: AuthUser): Promise<TeacherListings> {
      const teacherId = authoringTeachers.idOf(user);
      const rows = await repository.findListings(db, teacherId);
      return {
        items: rows.map((row) => ({
          id: row.id,
          title: row.title,
          categoryName: row.category_name,
          reviewState: row.review_state,
          reviewNote: row.review_note,
          counts: { programs: row.programs, batches: row.batches, classPacks: row.class_packs },
          heldChanges: row.held_changes,
          updatedAt: new Date(row.updated_at).toISOString(),
        })),
      };
    },

    async read(user: AuthUser, listingId: string): Promise<AuthoredListing> {
      return view(db, authoringTeachers.idOf(user), listingId);
    },

    /** A new draft: learners see nothing of it until an admin approves it. One listing per subject. */
    async create(user: AuthUser, body: CreateListingBody): Promise<AuthoringResult> {
      const teacherId = authoringTeachers.idOf(user);
      const title = body.title.trim();
      if (title.length < 5) throw invalid('Give the listing a title of at least 5 letters.');
      const listing = await db.transaction().execute(async (tx) => {
        const category = await repository.findCategory(tx, body.categoryId);
        if (!category) throw new DomainError('CATEGORY_NOT_FOUND', 'Choose a subject from the list', 400);
        const locality = await repository.findLocality(tx, body.localityId);
        if (!locality) throw new DomainError('LOCALITY_NOT_FOUND', 'Choose a locality from the list', 400);
        if (await repository.hasListingInCategory(tx, teacherId, category.id)) {
          throw new DomainError('LISTING_EXISTS', `You already have a listing for ${category.name}. Add a program to it instead.`, 409);
        }
        const id = await repository.insertListing(tx, { teacherId, categoryId: category.id, title, about: (body.about ?? '').trim(), locality });
        await refreshListingSummary(tx, [id]);
        return view(tx, teacherId, id);
      });
      return { listing, held: false, warnings: [] };
    },

    async update(user: AuthUser, listingId: string, body: UpdateListingBody): Promise<AuthoringResult> {
      return change(user, listingId, async (tx, listing, teacherId) => {
        const values: { category_id?: string; title?: string; about?: string; base_locality_id?: string } = {};
        let held = false;
        if (body.title !== undefined) {
          const title = body.title.trim();
          if (title.length < 5) throw invalid('Give the listing a title of at least 5 letters.');
          values.title = title;
        }
        if (body.about !== undefined) values.about = body.about.trim();
        if (body.categoryId !== undefined && body.categoryId !== listing.category_id) {
          if (listing.submitted_at !== null || listing.review_state !== 'draft') {
            throw new DomainError(
              'LISTING_NOT_DRAFT',
              'The subject of a listing that has been sent for review cannot change. Start a new listing for another subject.',
              409,
            );
          }
          if (!(await repository.findCategory(tx, body.categoryId))) throw new DomainError('CATEGORY_NOT_FOUND', 'Choose a subject from the list', 400);
          if (await repository.hasListingInCategory(tx, teacherId, body.categoryId, listingId)) {
            throw new DomainError('LISTING_EXISTS', 'You already have a listing for that subject.', 409);
          }
          values.category_id = body.categoryId;
        }
        if (body.localityId !== undefined) {
          const locality = await repository.findLocality(tx, body.localityId);
          if (!locality) throw new DomainError('LOCALITY_NOT_FOUND', 'Choose a locality from the list', 400);
          if (listing.review_state === 'live') {
            // Where a live listing is found is reviewed: learners keep the approved place meanwhile.
            const back = locality.id === listing.base_locality_id;
            await repository.holdChange(
              tx,
              listingId,
              'listing_place',
              null,
              back ? null : { kind: 'listing_place', localityId: locality.id, lat: locality.lat, lng: locality.lng },
              now(),
            );
            held = !back;
          } else {
            values.base_locality_id = locality.id;
          }
        }
        await repository.updateListing(tx, listingId, values, now());
        return { held };
      });
    },

    /** Only a draft never sent for review can be deleted; anything an admin has seen stays. */
    async remove(user: AuthUser, listingId: string): Promise<void> {
      const teacherId = authoringTeachers.idOf(user);
      await db.transaction().execute(async (tx) => {
        const listing = await repository.findOwnListing(tx, teacherId, listingId, true);
        if (!listing) throw listingNotFound();
        if (listing.review_state !== 'draft' || listing.submitted_at !== null) {
          throw new DomainError('LISTING_NOT_DRAFT', 'Only a draft that was never sent for review can be deleted.', 409);
        }
        await repository.deleteListing(tx, listingId);
      });
    },

    addProgram(user: AuthUser, listingId: string, body: ProgramBody): Promise<AuthoringResult> {
      return change(user, listingId, async (tx) => {
        if (body.ageMax < body.ageMin) throw invalid(`The oldest age (${body.ageMax}) cannot be below the youngest (${body.ageMin}).`);
        await repository.insertProgram(tx, {
          listing_id: listingId,
          name: body.name.trim(),
          level: body.level,
          description: (body.description ?? '').trim(),
          age_min: body.ageMin,
          age_max: body.ageMax,
          mode: body.mode,
        });
      });
    },

    updateProgram(user: AuthUser, listingId: string, programId: string, body: ProgramBody): Promise<AuthoringResult> {
      return change(user, listingId, async (tx) => {
        const programs = await repository.findPrograms(tx, listingId);
        if (!programs.some((program) => program.id === programId)) throw programNotFound();
        if (body.ageMax < body.ageMin) throw invalid(`The oldest age (${body.ageMax}) cannot be below the youngest (${body.ageMin}).`);
        await repository.updateProgram(tx, programId, {
          name: body.name.trim(),
          level: body.level,
          description: (body.description ?? '').trim(),
          age_min: body.ageMin,
          age_max: body.ageMax,
          mode: body.mode,
        });
      });
    },

    removeProgram(user: AuthUser, listingId: string, programId: string): Promise<AuthoringResult> {
      return change(user, listingId, async (tx) => {
        const programs = await repository.findPrograms(tx, listingId);
        if (!programs.some((program) => program.id === programId)) throw programNotFound();
        const batches = await repository.findBatches(tx, listingId);
        if (batches.some((batch) => batch.program_id === programId)) {
          throw new DomainError('PROGRAM_HAS_BATCHES', 'This program has batches. Remove its batches first.', 409);
        }
        await repository.deleteProgram(tx, programId);
      });
    },

    addBatch(user: AuthUser, listingId: string, body: BatchBody): Promise<AuthoringResult> {
      return change(user, listingId, async (tx, listing, teacherId) => {
        const programs = await repository.findPrograms(tx, listingId);
        const program = programs.find((candidate) => candidate.id === body.programId);
        if (!program) throw programNotFound();
        const schedule = { startTime: body.startTime, endTime: body.endTime, startsOn: body.startsOn, endsOn: body.endsOn ?? null };
        checkSchedule(schedule);
        checkNotInPast(body.startsOn, body.startTime);
        await checkPlace(tx, body.place);
        if (listing.review_state === 'live') {
          const approved = (await repository.findBatches(tx, listingId)).map(placeOfRow);
          if (!approvedPlaceCovers(approved, body.place)) {
            throw new DomainError(
              'NEEDS_REVIEW',
              'A new place on a live listing is reviewed first. Add the batch at one of the places your listing already has, then change its place: the change waits for review while learners see the batch where it is now.',
              409,
            );
          }
        }
        const days = [...body.daysOfWeek].sort((a, b) => a - b);
        const name = body.name?.trim() || batchNameOf(days, body.startTime);
        const { id } = await repository.insertBatch(tx, {
          program_id: program.id,
          name,
          days_of_week: days,
          start_time: body.startTime,
          end_time: body.endTime,
          starts_on: body.startsOn,
          ends_on: body.endsOn ?? null,
          capacity: body.seats,
          seats_taken: 0,
          ...batchPlaceColumns(body.place),
        });
        return { warnings: await overlapWarnings(tx, teacherId, id, { days, ...schedule }) };
      });
    },

    updateBatch(user: AuthUser, listingId: string, batchId: string, body: UpdateBatchBody): Promise<AuthoringResult> {
      return change(user, listingId, async (tx, listing, teacherId) => {
        const { batch } = await ownBatch(tx, listingId, batchId, true);
        const today = istDateKey(now());
        const days = body.daysOfWeek ? [...body.daysOfWeek].sort((a, b) => a - b) : batch.days_of_week;
        const schedule = {
          startTime: body.startTime ?? batch.start_time,
          endTime: body.endTime ?? batch.end_time,
          startsOn: body.startsOn ?? batch.starts_on,
          endsOn: body.endsOn === undefined ? batch.ends_on : body.endsOn,
        };
        checkSchedule(schedule);
        const timesChange = days.join(',') !== batch.days_of_week.join(',') || schedule.startTime !== batch.start_time || schedule.endTime !== batch.end_time;
        const packs = await repository.packsInDate(tx, batchId, today);
        const families = batch.students > 0 || packs.packs > 0;
        if (timesChange && families) {
          throw new DomainError(
            'BATCH_HAS_STUDENTS',
            `Families in this batch bought their packs for ${batchWhen(batch)}, so its days and times cannot change. Add a new batch at the new times and invite the families to move.`,
            409,
          );
        }
        if (schedule.startsOn !== batch.starts_on) {
          if (families) throw new DomainError('BATCH_HAS_STUDENTS', 'Families have joined this batch, so its first day cannot change.', 409);
          checkNotInPast(schedule.startsOn, schedule.startTime);
        }
        if (schedule.endsOn !== null && schedule.endsOn !== batch.ends_on) {
          if (schedule.endsOn < today) throw invalid(`The last day cannot be in the past: choose ${formatCalendarDate(today)} or later.`);
          if (packs.last_day !== null && schedule.endsOn < packs.last_day) {
            throw new DomainError(
              'BATCH_HAS_STUDENTS',
              `A family's class pack in this batch runs until ${formatCalendarDate(packs.last_day)}. The last day can be that day or later, so they can use every class they paid for.`,
              409,
            );
          }
        }
        if (body.seats !== undefined && body.seats < batch.seats_taken) {
          throw new DomainError(
            'SEATS_BELOW_ENROLLED',
            `${batch.seats_taken} ${batch.seats_taken === 1 ? 'seat is' : 'seats are'} taken in this batch, so it needs at least ${batch.seats_taken} seats.`,
            409,
          );
        }
        let held = false;
        let nextPlace: ReturnType<typeof batchPlaceColumns> | Record<string, never> = {};
        if (body.place !== undefined) {
          await checkPlace(tx, body.place);
          const current = placeOfRow(batch);
          if (listing.review_state === 'live') {
            const back = samePlace(current, body.place);
            await repository.holdChange(
              tx,
              listingId,
              'batch_place',
              batchId,
              back ? null : { kind: 'batch_place', targetId: batchId, place: body.place },
              now(),
            );
            held = !back;
          } else {
            nextPlace = batchPlaceColumns(body.place);
          }
        }
        await repository.updateBatch(tx, batchId, {
          ...(body.name !== undefined ? { name: body.name.trim() || batchNameOf(days, schedule.startTime) } : {}),
          days_of_week: days,
          start_time: schedule.startTime,
          end_time: schedule.endTime,
          starts_on: schedule.startsOn,
          ends_on: schedule.endsOn,
          ...(body.seats !== undefined ? { capacity: body.seats } : {}),
          ...nextPlace,
        });
        const warnings =
          timesChange || schedule.startsOn !== batch.starts_on || schedule.endsOn !== batch.ends_on
            ? await overlapWarnings(tx, teacherId, batchId, { days, ...schedule })
            : [];
        return { held, warnings };
      });
    },

    removeBatch(user: AuthUser, listingId: string, batchId: string): Promise<AuthoringResult> {
      return change(user, listingId, async (tx) => {
        await ownBatch(tx, listingId, batchId, true);
        if (await repository.everJoined(tx, batchId)) {
          throw new DomainError(
            'BATCH_HAS_STUDENTS',
            'Families have joined this batch, so it stays on their classes and receipts. Set its last day instead.',
            409,
          );
        }
        await repository.deleteBatch(tx, batchId);
      });
    },

    addPlan(user: AuthUser, listingId: string, body: PlanBody): Promise<AuthoringResult> {
      return change(user, listingId, async (tx, listing) => {
        const { batch } = await ownBatch(tx, listingId, body.batchId);
        checkPack({ classes: body.classesCount, validityDays: body.validityDays, pricePaise: body.pricePaise });
        if (listing.review_state === 'live') {
          // A new pack on a live listing is sold at once, so its price must be one an admin has
          // already approved for this listing a class; a dearer one goes through a held change.
          const perClass = (await repository.findPlans(tx, listingId, istDateKey(now()))).map((plan) => plan.price_paise / plan.classes_count);
          const newPerClass = body.pricePaise / body.classesCount;
          const [low, high] = [Math.min(...perClass), Math.max(...perClass)];
          if (perClass.length === 0 || newPerClass < low - 0.5 || newPerClass > high + 0.5) {
            throw new DomainError(
              'NEEDS_REVIEW',
              perClass.length === 0
                ? 'A class pack on a live listing with no approved packs waits for review; ask for the listing to be reviewed again.'
                : `A new class pack on a live listing can cost ${formatPaise(Math.round(low))} to ${formatPaise(Math.round(high))} a class, as your approved packs do. Add it at such a price, then change its price: the new price waits for review.`,
              409,
            );
          }
        }
        await repository.insertPlan(tx, {
          batch_id: batch.id,
          name: body.name.trim(),
          classes_count: body.classesCount,
          validity_days: body.validityDays,
          price_paise: body.pricePaise,
        });
      });
    },

    updatePlan(user: AuthUser, listingId: string, planId: string, body: UpdatePlanBody): Promise<AuthoringResult> {
      return change(user, listingId, async (tx, listing) => {
        const plans = await repository.findPlans(tx, listingId, istDateKey(now()));
        const plan = plans.find((candidate) => candidate.id === planId);
        if (!plan) throw planNotFound();
        const next = {
          classes: body.classesCount ?? plan.classes_count,
          validityDays: body.validityDays ?? plan.validity_days,
          pricePaise: body.pricePaise ?? plan.price_paise,
        };
        checkPack(next);
        let held = false;
        let pricePaise = next.pricePaise;
        if (listing.review_state === 'live' && body.pricePaise !== undefined) {
          // Learners keep paying the approved price until an admin approves the new one.
          const back = body.pricePaise === plan.price_paise;
          await repository.holdChange(
            tx,
            listingId,
            'plan_price',
            planId,
            back ? null : { kind: 'plan_price', targetId: planId, pricePaise: body.pricePaise },
            now(),
          );
          held = !back;
          pricePaise = plan.price_paise;
        }
        await repository.updatePlan(tx, planId, {
          ...(body.name !== undefined ? { name: body.name.trim() } : {}),
          classes_count: next.classes,
          validity_days: next.validityDays,
          price_paise: pricePaise,
        });
        return { held };
      });
    },

    removePlan(user: AuthUser, listingId: string, planId: string): Promise<AuthoringResult> {
      return change(user, listingId, async (tx) => {
        const plans = await repository.findPlans(tx, listingId, istDateKey(now()));
        const plan = plans.find((candidate) => candidate.id === planId);
        if (!plan) throw planNotFound();
        if (plan.active_packs > 0) {
          throw new DomainError(
            'PLAN_HAS_PACKS',
            `${plan.active_packs} ${plan.active_packs === 1 ? 'family holds' : 'families hold'} this class pack now, so it cannot be removed. Remove it after their packs end.`,
            409,
          );
        }
        if (plan.all_packs > 0) {
          throw new DomainError(
            'PLAN_HAS_PACKS',
            'Families have bought or been asked to pay for this class pack, so it stays on their receipts and cannot be removed.',
            409,
          );
        }
        await repository.holdChange(tx, listingId, 'plan_price', planId, null, now());
        await repository.deletePlan(tx, planId);
      });
    },

    /** draft | sent_back → in_review, when complete. */
    async submit(user: AuthUser, listingId: string): Promise<AuthoringResult> {
      const teacherId = authoringTeachers.idOf(user);
      const listing = await db.transaction().execute(async (tx) => {
        const row = await repository.findOwnListing(tx, teacherId, listingId, true);
        if (!row) throw listingNotFound();
        if (!canMoveListing('submit', row.review_state)) {
          throw new DomainError(
            'INVALID_TRANSITION',
            `This listing is ${listingReviewStateLabels[row.review_state].toLowerCase()}; only a draft or a listing sent back can be sent for review.`,
            409,
          );
        }
        const current = await view(tx, teacherId, listingId);
        if (current.missing.length > 0) {
          throw new DomainError('LISTING_INCOMPLETE', `Before sending it for review: ${current.missing.join(' ')}`, 409);
        }
        await repository.updateListing(tx, listingId, { review_state: 'in_review', submitted_at: now() }, now());
        return view(tx, teacherId, listingId);
      });
      return { listing, held: false, warnings: [] };
    },

    /** in_review → draft, to keep editing before an admin decides. */
    async withdraw(user: AuthUser, listingId: string): Promise<AuthoringResult> {
      const teacherId = authoringTeachers.idOf(user);
      const listing = await db.transaction().execute(async (tx) => {
        const row = await repository.findOwnListing(tx, teacherId, listingId, true);
        if (!row) throw listingNotFound();
        if (!canMoveListing('withdraw', row.review_state)) {
          throw new DomainError('INVALID_TRANSITION', 'Only a listing waiting for review can be withdrawn.', 409);
        }
        await repository.updateListing(tx, listingId, { review_state: 'draft' }, now());
        return view(tx, teacherId, listingId);
      });
      return { listing, held: false, warnings: [] };
    },
  };
}

export type ListingAuthoringService = ReturnType<typeof createListingAuthoringService>;
