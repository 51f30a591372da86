import { formatDistance } from '@kalike/shared/format/distance';
import {
  type CloseEnquiryBody,
  type ConnectEnquiryBody,
  type CreateEnquiriesBody,
  type CreateEnquiriesResponse,
  type DeclineEnquiryBody,
  type Enquiry,
  type EnquiryList,
  type EnquiryListQuery,
  type EnquiryOffer,
  type EnquiryPaymentStart,
  type EnrichEnquiryBody,
  type OfferBatchBody,
  type ProposeDemoBody,
  type RespondEnquiryBody,
  type TeacherMatch,
  type TeacherMatches,
  type TeacherMatchesQuery,
} from '@kalike/shared/contracts/enquiries';
import { listingFit, offeredModes, type FitListing } from '@kalike/shared/format/enquiry-fit';
import type { ListingModeKind, TimeOfDay } from '@kalike/shared/format/listing-values';
import {
  allowedEnquiryActions,
  canTake,
  enquiryLimits,
  enquiryResponseWindowHours,
  enquiryTransitions,
  isOpenEnquiry,
  type EnquiryAction,
  type EnquiryState,
} from '@kalike/shared/format/enquiry-lifecycle';
import { paths } from '@kalike/shared/routing/paths';
import type { EnquiryRequestOutcome } from '../../db/schema';
import { learnersOnly, teachersOnly, type AuthUser } from '../../plugins/auth';
import { canonicalHash } from '../../shared/canonical-hash';
import { DomainError } from '../../shared/domain-error';
import { keyReused, requireIdempotencyKey } from '../../shared/idempotency';
import { isUniqueViolation } from '../../shared/unique-violation';
import { toEnquiryBatch } from '../../shared/enquiry-batches';
import { normaliseIndianMobile } from '@kalike/shared/format/indian-mobile';
import { teacherPath } from '../../shared/teacher-page';
import { enquiryMessage, type MessageDetails } from './enquiry-messages';
import type {
  EnquiriesQueries,
  EnquiriesRepository,
  EnquiryChanges,
  EnquiryEventRow,
  EnquiryRow,
  EnquiryScope,
  EnquiryViewRow,
  ListingBatchRow,
  OfferSessionRow,
} from './enquiries.repository';

/** The two parties; the system only ever expires. */
type Party = 'learner' | 'teacher';

export interface EnquiriesServiceDeps {
  repository: EnquiriesRepository;
  now: () => Date;
  /** Origin of the web site, for the link in each text. */
  publicSiteUrl: string;
}

export interface CreateEnquiriesResult {
  /** 201 for a first submission, 200 for a replay of the same key and body. */
  statusCode: 200 | 201;
  body: CreateEnquiriesResponse;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

function tooManyEnquiries(teacherName: string, overall: boolean): DomainError {
  return new DomainError(
    'TOO_MANY_ENQUIRIES',
    overall
      ? `You have sent ${enquiryLimits.perLearnerPerDay} enquiries today, the most for one day; wait for the teachers' replies or send more tomorrow`
      : `You have sent ${teacherName} ${enquiryLimits.perLearnerPerTeacherPerDay} enquiries today, the most for one day; send more tomorrow`,
    429,
  );
}
/** Overdue enquiries expired per sweep; the rest wait for the next tick or read. */
const EXPIRY_BATCH = 500;
/** States whose offer still matters to either party; in the others it is history. */
const offerStates: readonly EnquiryState[] = ['demo_offered', 'demo_booked', 'batch_offered', 'enrolled'];

function tidy(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

function validation(message: string): DomainError {
  return new DomainError('VALIDATION_ERROR', message, 400);
}

const enquiryNotFound = () => new DomainError('ENQUIRY_NOT_FOUND', 'No such enquiry', 404);

function invalidTransition(state: EnquiryState, action: EnquiryAction | 'enrich' | 'payments'): DomainError {
  return new DomainError('INVALID_TRANSITION', `The enquiry is ${state}; ${action} is not possible now`, 409);
}

function partyOf(user: AuthUser): Party {
  return user.userType === 'Teacher' ? 'teacher' : 'learner';
}

/** The learner's moves on an enquiry (send, add details, connect, close, pay). */
export const enquiryLearners = learnersOnly('Only learners can do this with an enquiry');
/** The teacher's moves on an enquiry addressed to them. */
export const enquiryTeachers = teachersOnly('Only the teacher an enquiry is addressed to can do this');

/** Learners see their own enquiries, teachers those addressed to them; nobody else learns one exists. */
function isParty(user: AuthUser, row: Pick<EnquiryRow, 'learner_account_id' | 'teacher_id'>): boolean {
  return user.userType === 'Teacher'
    ? user.teacherId !== null && row.teacher_id === user.teacherId
    : user.learnerAccountId !== null && row.learner_account_id === user.learnerAccountId;
}

const iso = (value: Date | string): string => new Date(value).toISOString();

/** How many of the nearest listings Request Class weighs. */
const MATCH_CANDIDATES = 20;

function toFitListing(mode: ListingModeKind, batches: readonly ListingBatchRow[]): FitListing {
  return {
    mode,
    batches: batches.map((batch) => ({ daysOfWeek: batch.days_of_week.map(Number), startTime: batch.start_time, place: { kind: batch.place, name: batch.place_name } })),
  };
}

interface Move {
  action: EnquiryAction;
  /** Checks on the locked row that come before the lifecycle table (an offer since replaced). */
  precheck?: (row: EnquiryRow) => void;
  /** Runs only when the table allows the move: validates its inputs and says what changes. */
  apply?: (tx: EnquiriesQueries, row: EnquiryRow, at: Date) => Promise<MoveEffect>;
}

interface MoveEffect {
  changes?: EnquiryChanges;
  /** Kept on the event: the teacher's reply or a reason. */
  eventMessage?: string | null;
  details?: MessageDetails;
}

export function createEnquiriesService({ repository, now, publicSiteUrl }: EnquiriesServiceDeps) {
  async function toDtos(views: readonly EnquiryViewRow[], party: Party): Promise<Enquiry[]> {
    const ids = views.map((view) => view.id);
    const withOffer = views.filter((view) => view.offer_kind && view.offer_batch_id && offerStates.includes(view.state));
    const batchIds = [...new Set(withOffer.map((view) => view.offer_batch_id as string))];
    const sessionIds = withOffer.flatMap((view) => (view.offer_kind === 'demo' && view.offer_session_id ? [view.offer_session_id] : []));
    const [events, batches, plans, sessions] = await Promise.all([
      repository.findEvents(ids),
      repository.findOfferBatches(batchIds),
      repository.findOfferPlans(batchIds),
      repository.findOfferSessions(sessionIds),
    ]);
    const eventsByEnquiry = new Map<string, EnquiryEventRow[]>();
    for (const event of events) eventsByEnquiry.set(event.enquiry_id, [...(eventsByEnquiry.get(event.enquiry_id) ?? []), event]);
    const batchById = new Map(batches.map((batch) => [batch.id, toEnquiryBatch(batch, plans)]));
    const sessionById = new Map<string, OfferSessionRow>(sessions.map((session) => [session.id, session]));

    const offerOf = (view: EnquiryViewRow): EnquiryOffer | null => {
      if (!withOffer.includes(view)) return null;
      const batch = batchById.get(view.offer_batch_id ?? '');
      if (!batch) return null;
      if (view.offer_kind === 'batch') return { kind: 'batch', batch };
      const session = sessionById.get(view.offer_session_id ?? '');
      return session ? { kind: 'demo', session: { id: session.id, startsAt: iso(session.starts_at), endsAt: iso(session.ends_at) }, batch } : null;
    };

    return views.map((view) => ({
      id: view.id,
      requestId: view.request_id,
      state: view.state,
      allowedActions: allowedEnquiryActions(view.state, party),
      createdAt: iso(view.created_at),
      updatedAt: iso(view.updated_at),
      respondBy: view.respond_by ? iso(view.respond_by) : null,
      teacher: { id: view.teacher_id, name: view.teacher_name, slug: view.teacher_slug, photoUrl: view.teacher_photo_url },
      listing: {
        id: view.listing_id,
        title: view.listing_title,
        path: teacherPath(view.category_slug, view.teacher_slug),
        category: { id: view.category_id, slug: view.category_slug, name: view.category_name },
      },
      program: view.program_id && view.program_name !== null ? { id: view.program_id, name: view.program_name } : null,
      student: view.student_id && view.student_name !== null ? { id: view.student_id, name: view.student_name } : null,
      details: { studentAgeYears: view.student_age_years, level: view.level, goals: view.goals },
      preferredDays: view.preferred_days.map(Number),
      preferredTimes: view.preferred_times,
      mode: view.mode,
      message: view.message,
      contact: { name: view.contact_name, phone: view.contact_phone, alternatePhone: view.alternate_phone },
      refPage: view.ref_page,
      refSection: view.ref_section,
      teacherMessage: view.teacher_message,
      offer: offerOf(view),
      batchStudentId: view.batch_student_id,
      classPackPaid: view.state === 'enrolled' && Boolean(view.class_pack_paid),
      history: (eventsByEnquiry.get(view.id) ?? []).map((event) => ({
        action: event.action,
        state: event.to_state,
        by: event.actor,
        at: iso(event.created_at),
        message: event.message,
      })),
    }));
  }

  async function loadMany(ids: readonly string[], party: Party): Promise<Map<string, Enquiry>> {
    const dtos = await toDtos(await repository.findViews(ids), party);
    return new Map(dtos.map((dto) => [dto.id, dto]));
  }

  async function loadOne(id: string, party: Party): Promise<Enquiry> {
    const dto = (await loadMany([id], party)).get(id);
    if (!dto) throw enquiryNotFound();
    return dto;
  }

  async function notify(tx: EnquiriesQueries, action: EnquiryAction | 'create', enquiryId: string, at: Date, details?: MessageDetails) {
    const context = await tx.findNotificationContext(enquiryId);
    const message = context ? enquiryMessage(action, enquiryId, context, publicSiteUrl, details) : null;
    if (message) await tx.enqueueMessage(message, at);
  }

  /**
   * Unanswered enquiries past their deadline become expired and the learner is told, each in
   * the same transaction. Run before reads, so nobody is shown an enquiry still "waiting" after
   * its deadline, and from the server's interval for enquiries nobody is looking at.
   */
  async function expireOverdue(at: Date, scope: EnquiryScope = {}): Promise<number> {
    const expire = enquiryTransitions.expire;
    return repository.transaction(async (tx) => {
      const due = await tx.lockOverdue(at, expire.from, scope, EXPIRY_BATCH);
      let expired = 0;
      for (const row of due) {
        if (!canTake('expire', row.state, 'system')) continue;
        await tx.updateEnquiry(row.id, { state: expire.to, respond_by: null, updated_at: at });
        await tx.insertEvent({ enquiryId: row.id, action: 'expire', fromState: row.state, toState: expire.to, actor: 'system', actorUserId: null, message: null, at });
        await notify(tx, 'expire', row.id, at);
        expired++;
      }
      return expired;
    });
  }

  /**
   * One move of the lifecycle: lock the row, ask the shared table, write the change, its event
   * and the other party's message together. A move repeated once it has taken effect answers
   * the enquiry as it is, without a second event.
   */
  async function move(user: AuthUser, enquiryId: string, party: Party, spec: Move): Promise<Enquiry> {
    const at = now();
    await expireOverdue(at, { enquiryId });
    await repository.transaction(async (tx) => {
      const row = await tx.lockEnquiry(enquiryId);
      if (!row || !isParty(user, row)) throw enquiryNotFound();
      spec.precheck?.(row);
      const transition = enquiryTransitions[spec.action];
      if (!canTake(spec.action, row.state, party)) {
        if (transition.by === party && row.state === transition.to) return;
        throw invalidTransition(row.state, spec.action);
      }
      const effect = (await spec.apply?.(tx, row, at)) ?? {};
      // The deadline is for the teacher's first answer; seeing the enquiry is not an answer.
      const answered = (party === 'teacher' && spec.action !== 'mark_seen') || !isOpenEnquiry(transition.to);
      await tx.updateEnquiry(row.id, { ...effect.changes, state: transition.to, updated_at: at, ...(answered ? { respond_by: null } : {}) });
      await tx.insertEvent({
        enquiryId: row.id,
        action: spec.action,
        fromState: row.state,
        toState: transition.to,
        actor: party,
        actorUserId: user.userId,
        message: effect.eventMessage ?? null,
        at,
      });
      await notify(tx, spec.action, row.id, at, effect.details);
    });
    return loadOne(enquiryId, party);
  }

  async function requireOwnStudent(tx: EnquiriesQueries, learnerAccountId: string, studentId: string, field: string): Promise<void> {
    if (!(await tx.isOwnStudent(learnerAccountId, studentId))) {
      throw new DomainError('STUDENT_NOT_FOUND', `${field} is not one of this account's students`, 404);
    }
  }

  function optionalText(text: string | undefined): string | null {
    const tidied = text === undefined ? '' : text.trim();
    return tidied === '' ? null : tidied;
  }

  return {
    expireOverdue,

    /**
     * The nearest teachers of a subject, each with whether it fits where, which days and what
     * time of day the learner asked, and why ("Sat 10 am batch, 1.2 km"): fitting ones first.
     */
    async teacherMatches(query: TeacherMatchesQuery): Promise<TeacherMatches> {
      const days = [...new Set(query.days.split(',').map(Number))];
      const times = [...new Set(query.times.split(','))] as TimeOfDay[];
      const listings = await repository.findNearestListings(query.category, { lat: query.lat, lng: query.long }, MATCH_CANDIDATES);
      const batches = await repository.findListingBatches(listings.map((listing) => listing.id));
      const matches: TeacherMatch[] = listings.map((listing) => {
        const fit = listingFit(
          toFitListing(listing.mode, batches.filter((batch) => batch.listing_id === listing.id)),
          { mode: query.mode, days, times },
        );
        const onlineOnly = listing.mode === 'online' && (fit.batch === null || fit.batch.place.kind === 'online');
        const distanceMetres = onlineOnly ? null : listing.distance_metres;
        const reason = fit.fits && distanceMetres !== null && fit.batch?.place.kind !== 'online' ? `${fit.reason}, ${formatDistance(distanceMetres)}` : fit.reason;
        return {
          listingId: listing.id,
          teacherName: listing.teacher_name,
          title: listing.title,
          category: { slug: listing.category_slug, name: listing.category_name },
          mode: listing.mode,
          priceFromPaise: listing.price_from_paise,
          distanceMetres,
          fits: fit.fits,
          reason,
        };
      });
      // Fitting first; within each, nearest first, and online-only ones (no distance) after.
      const rank = (match: TeacherMatch) => [match.fits ? 0 : 1, match.distanceMetres === null ? 1 : 0, match.distanceMetres ?? 0] as const;
      matches.sort((a, b) => {
        const [x, y] = [rank(a), rank(b)];
        return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
      });
      return { matches };
    },

    async create(user: AuthUser, idempotencyKey: string | string[] | undefined, body: CreateEnquiriesBody): Promise<CreateEnquiriesResult> {
      const learnerAccountId = enquiryLearners.idOf(user);
      const key = requireIdempotencyKey(idempotencyKey);
      const requestHash = canonicalHash(body);

      const contactName = tidy(body.contactName);
      if (!contactName) throw validation('body.contactName must not be blank');
      let alternatePhone: string | null = null;
      if (body.alternatePhone) {
        alternatePhone = normaliseIndianMobile(body.alternatePhone);
        if (!alternatePhone) throw validation('body.alternatePhone must be an Indian mobile number');
      }
      const listingIds = new Set<string>();
      body.targets.forEach((target, index) => {
        if (listingIds.has(target.listingId)) throw validation(`body.targets.${index}.listingId repeats a listing already in targets`);
        listingIds.add(target.listingId);
      });

      const at = now();
      // An enquiry that expired unnoticed must not count as the open one a new enquiry joins.
      await expireOverdue(at, { learnerAccountId });

      const { requestId, outcome, replayed } = await repository.transaction(async (tx) => {
        await tx.lockLearnerSubmissions(learnerAccountId);
        const previous = await tx.findRequest(learnerAccountId, key);
        if (previous) {
          if (previous.request_hash !== requestHash) {
            throw keyReused('submission');
          }
          return { requestId: previous.id, outcome: previous.outcome, replayed: true };
        }

        const account = await tx.findAccountContact(learnerAccountId);
        if (!account) throw new DomainError('USER_ERROR_NOT_FOUND', 'This learner account does not exist', 404);
        if (body.studentId) await requireOwnStudent(tx, learnerAccountId, body.studentId, 'body.studentId');
        if (!account.name.trim()) await tx.completeAccountName(learnerAccountId, contactName, at);

        const requestId = await tx.insertRequest({ learnerAccountId, idempotencyKey: key, requestHash, at });
        // Each new enquiry texts a teacher, so an account gets a daily number of them, in all and
        // per teacher; counted from the table under the learner's lock, so it holds across instances.
        const sent = await tx.countEnquiriesSince(learnerAccountId, new Date(at.getTime() - DAY_MS));
        const outcome: EnquiryRequestOutcome[] = [];
        for (const [index, target] of body.targets.entries()) {
          const listing = await tx.findActiveListing(target.listingId);
          if (!listing) {
            throw new DomainError('LISTING_NOT_FOUND', `body.targets.${index}.listingId is not a listing taking enquiries`, 404);
          }
          if (body.mode !== 'any') {
            // A teacher is asked only for what the listing offers: its own mode and its batches' places.
            const offered = offeredModes(toFitListing(listing.mode, await tx.findListingBatches([listing.id])));
            if (!offered.includes(body.mode)) {
              throw new DomainError(
                'MODE_NOT_OFFERED',
                `body.mode: ${listing.teacher_name} teaches only ${offered.join(', ')} (targets.${index}); choose one of those or any`,
                422,
              );
            }
          }
          if (target.programId && !(await tx.isListingProgram(target.programId, listing.id))) {
            throw new DomainError('PROGRAM_NOT_FOUND', `body.targets.${index}.programId is not a program of that listing`, 404);
          }
          // One open conversation per student and listing: a second child gets their own enquiry,
          // the same child is answered with the one already open (and the answer says so).
          const open = await tx.findOpenEnquiryId(learnerAccountId, listing.id, body.studentId);
          if (open) {
            outcome.push({ enquiryId: open, created: false });
            continue;
          }
          if (sent.total >= enquiryLimits.perLearnerPerDay || (sent.byTeacher.get(listing.teacher_id) ?? 0) >= enquiryLimits.perLearnerPerTeacherPerDay) {
            throw tooManyEnquiries(listing.teacher_name, sent.total >= enquiryLimits.perLearnerPerDay);
          }
          sent.total += 1;
          sent.byTeacher.set(listing.teacher_id, (sent.byTeacher.get(listing.teacher_id) ?? 0) + 1);
          const enquiryId = await tx.insertEnquiry({
            requestId,
            learnerAccountId,
            teacherId: listing.teacher_id,
            listingId: listing.id,
            programId: target.programId ?? null,
            studentId: body.studentId,
            contactName,
            contactPhone: account.phone,
            alternatePhone,
            preferredDays: body.preferredDays,
            preferredTimes: body.preferredTimes,
            mode: body.mode,
            message: body.message.trim(),
            refPage: body.refPage,
            refSection: body.refSection,
            respondBy: new Date(at.getTime() + enquiryResponseWindowHours * HOUR_MS),
            at,
          });
          await tx.insertEvent({ enquiryId, action: 'create', fromState: null, toState: 'sent', actor: 'learner', actorUserId: user.userId, message: null, at });
          await notify(tx, 'create', enquiryId, at);
          outcome.push({ enquiryId, created: true });
        }
        await tx.saveOutcome(requestId, outcome);
        return { requestId, outcome, replayed: false };
      });

      const enquiries = await loadMany(
        outcome.map((entry) => entry.enquiryId),
        'learner',
      );
      return {
        statusCode: replayed ? 200 : 201,
        body: {
          requestId,
          enquiries: outcome.flatMap((entry) => {
            const enquiry = enquiries.get(entry.enquiryId);
            return enquiry ? [{ created: entry.created, enquiry }] : [];
          }),
        },
      };
    },

    async list(user: AuthUser, query: EnquiryListQuery): Promise<EnquiryList> {
      const at = now();
      const party = partyOf(user);
      if (party === 'teacher') {
        if (!user.teacherId) return { enquiries: [] };
        await expireOverdue(at, { teacherId: user.teacherId });
        return { enquiries: await toDtos(await repository.listViews({ teacherId: user.teacherId }, query.status), party) };
      }
      if (!user.learnerAccountId) return { enquiries: [] };
      await expireOverdue(at, { learnerAccountId: user.learnerAccountId });
      return { enquiries: await toDtos(await repository.listViews({ learnerAccountId: user.learnerAccountId }, query.status), party) };
    },

    async get(user: AuthUser, id: string): Promise<Enquiry> {
      const party = partyOf(user);
      const scope = party === 'teacher' ? { teacherId: user.teacherId ?? undefined } : { learnerAccountId: user.learnerAccountId ?? undefined };
      if (scope.teacherId || scope.learnerAccountId) await expireOverdue(now(), scope);
      const [view] = await repository.findViews([id]);
      if (!view || !isParty(user, view)) throw enquiryNotFound();
      const [dto] = await toDtos([view], party);
      if (!dto) throw enquiryNotFound();
      return dto;
    },

    /** Details about the student, written to every open enquiry of the same submission. */
    async enrich(user: AuthUser, id: string, body: EnrichEnquiryBody): Promise<Enquiry> {
      const learnerAccountId = enquiryLearners.idOf(user);
      const at = now();
      await expireOverdue(at, { enquiryId: id });
      const [view] = await repository.findViews([id]);
      if (!view || view.learner_account_id !== learnerAccountId) throw enquiryNotFound();

      const changes: EnquiryChanges = {};
      if (body.studentId !== undefined) changes.student_id = body.studentId;
      if (body.studentAgeYears !== undefined) changes.student_age_years = body.studentAgeYears;
      if (body.level !== undefined) changes.level = body.level;
      if (body.goals !== undefined) changes.goals = body.goals === null ? null : optionalText(body.goals);

      const alreadyOpen = () =>
        new DomainError('ENQUIRY_ALREADY_OPEN', 'body.studentId already has an open enquiry with this teacher; add the details there', 409);
      await repository.transaction(async (tx) => {
        // Locked in id order across the whole submission, so two enrichments of sibling
        // enquiries queue instead of deadlocking.
        const open = await tx.lockOpenOfRequest(view.request_id, learnerAccountId);
        const target = open.find((row) => row.id === id);
        if (!target) {
          const current = await tx.lockEnquiry(id);
          throw invalidTransition(current?.state ?? view.state, 'enrich');
        }
        if (body.studentId) await requireOwnStudent(tx, learnerAccountId, body.studentId, 'body.studentId');
        if (body.studentId !== undefined) {
          // Naming another student must not make a second open enquiry about them to the same teacher.
          for (const row of open) {
            const clash = await tx.findOpenEnquiryId(learnerAccountId, row.listing_id, body.studentId, view.request_id);
            if (clash) throw alreadyOpen();
          }
        }
        for (const row of open) {
          // Two renamings racing to the same student meet the unique index; the loser is told, not a 500.
          await tx.updateEnquiry(row.id, { ...changes, updated_at: at }).catch((error: unknown) => {
            throw isUniqueViolation(error) ? alreadyOpen() : error;
          });
          await tx.insertEvent({ enquiryId: row.id, action: 'enrich', fromState: row.state, toState: row.state, actor: 'learner', actorUserId: user.userId, message: null, at });
        }
      });
      return loadOne(id, 'learner');
    },

    /** Accepts the teacher's current offer: a demo is booked, a batch becomes an enrolment. */
    connect(user: AuthUser, id: string, body: ConnectEnquiryBody): Promise<Enquiry> {
      const learnerAccountId = enquiryLearners.idOf(user);
      const action: EnquiryAction = body.offer === 'demo' ? 'accept_demo' : 'enrol';
      return move(user, id, 'learner', {
        action,
        precheck: (row) => {
          if (isOpenEnquiry(row.state) && row.offer_kind !== null && row.offer_kind !== body.offer) {
            throw new DomainError('OFFER_CHANGED', `The teacher's current offer is a ${row.offer_kind}, not a ${body.offer}; reload the enquiry`, 409);
          }
        },
        apply: async (tx, row, at) => {
          if (!row.offer_batch_id) throw invalidTransition(row.state, action);
          if (action === 'accept_demo') {
            const session = row.offer_session_id ? await tx.findUpcomingSession(row.offer_session_id, at) : undefined;
            if (!session) {
              throw new DomainError('OFFER_CHANGED', 'The demo class offered was cancelled or has started; ask the teacher for another', 409);
            }
            return { details: { demoStartsAt: session.starts_at } };
          }
          const studentId = body.studentId === undefined ? row.student_id : body.studentId;
          if (studentId) await requireOwnStudent(tx, learnerAccountId, studentId, 'body.studentId');
          const batchStudentId = await tx.enrolFromEnquiry({ batchId: row.offer_batch_id, learnerAccountId, studentId, enquiryId: row.id, at });
          if (!batchStudentId) throw new DomainError('BATCH_FULL', 'The offered batch has no seat left; ask the teacher for another batch', 409);
          const batch = await tx.findBatchName(row.offer_batch_id);
          return {
            changes: { batch_student_id: batchStudentId, student_id: studentId },
            details: { batch: batch ? { name: batch.name, programName: batch.program_name } : undefined },
          };
        },
      });
    },

    close(user: AuthUser, id: string, body: CloseEnquiryBody): Promise<Enquiry> {
      enquiryLearners.idOf(user);
      const reason = optionalText(body.reason);
      return move(user, id, 'learner', {
        action: 'close',
        apply: async () => ({ changes: { close_reason: reason }, eventMessage: reason }),
      });
    },

    async paymentStart(user: AuthUser, id: string): Promise<EnquiryPaymentStart> {
      const learnerAccountId = enquiryLearners.idOf(user);
      const [view] = await repository.findViews([id]);
      if (!view || view.learner_account_id !== learnerAccountId) throw enquiryNotFound();
      if (view.state !== 'enrolled' || !view.batch_student_id) throw invalidTransition(view.state, 'payments');
      const batchStudent = await repository.findBatchStudent(view.batch_student_id);
      if (!batchStudent) throw invalidTransition(view.state, 'payments');
      const [batches, plans] = await Promise.all([
        repository.findOfferBatches([batchStudent.batch_id]),
        repository.findOfferPlans([batchStudent.batch_id]),
      ]);
      const [batch] = batches;
      if (!batch) throw invalidTransition(view.state, 'payments');
      return {
        batchStudentId: batchStudent.id,
        paymentPath: paths.paymentStep('select-payment-plan', batchStudent.id),
        batch: toEnquiryBatch(batch, plans),
      };
    },

    markSeen(user: AuthUser, id: string): Promise<Enquiry> {
      enquiryTeachers.idOf(user);
      return move(user, id, 'teacher', { action: 'mark_seen' });
    },

    respond(user: AuthUser, id: string, body: RespondEnquiryBody): Promise<Enquiry> {
      enquiryTeachers.idOf(user);
      const message = body.message.trim();
      if (!message) throw validation('body.message must not be blank');
      return move(user, id, 'teacher', {
        action: 'respond',
        apply: async () => ({ changes: { teacher_message: message }, eventMessage: message }),
      });
    },

    proposeDemo(user: AuthUser, id: string, body: ProposeDemoBody): Promise<Enquiry> {
      const teacherId = enquiryTeachers.idOf(user);
      const message = optionalText(body.message);
      return move(user, id, 'teacher', {
        action: 'propose_demo',
        apply: async (tx, _row, at) => {
          const session = await tx.findOwnUpcomingSession(teacherId, body.sessionId, at);
          if (!session) throw new DomainError('SESSION_NOT_FOUND', 'body.sessionId is not an upcoming class of one of your batches', 404);
          return {
            changes: {
              offer_kind: 'demo',
              offer_batch_id: session.batch_id,
              offer_session_id: session.id,
              ...(message ? { teacher_message: message } : {}),
            },
            eventMessage: message,
            details: { demoStartsAt: session.starts_at },
          };
        },
      });
    },

    offerBatch(user: AuthUser, id: string, body: OfferBatchBody): Promise<Enquiry> {
      const teacherId = enquiryTeachers.idOf(user);
      const message = optionalText(body.message);
      return move(user, id, 'teacher', {
        action: 'offer_batch',
        apply: async (tx) => {
          const batch = await tx.findOwnBatch(teacherId, body.batchId);
          if (!batch) throw new DomainError('BATCH_NOT_FOUND', 'body.batchId is not one of your batches', 404);
          if (batch.seats_left <= 0) throw new DomainError('BATCH_FULL', 'That batch has no seat left; offer another batch', 409);
          return {
            changes: {
              offer_kind: 'batch',
              offer_batch_id: batch.id,
              offer_session_id: null,
              ...(message ? { teacher_message: message } : {}),
            },
            eventMessage: message,
            details: { batch: { name: batch.name, programName: batch.program_name } },
          };
        },
      });
    },

    decline(user: AuthUser, id: string, body: DeclineEnquiryBody): Promise<Enquiry> {
      enquiryTeachers.idOf(user);
      const reason = body.reason.trim();
      if (!reason) throw validation('body.reason must not be blank');
      return move(user, id, 'teacher', {
        action: 'decline',
        apply: async () => ({ changes: { decline_reason: reason }, eventMessage: reason }),
      });
    },
  };
}

export type EnquiriesService = ReturnType<typeof createEnquiriesService>;
