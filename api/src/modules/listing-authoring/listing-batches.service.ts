import type { AuthoringResult, AuthoringWarning, BatchBody, UpdateBatchBody } from '@kalike/shared/contracts/listing-authoring';
import type { BatchPlace } from '@kalike/shared/contracts/listing-review';
import { formatCalendarDate, formatClockTime, istClockTime, istDateKey } from '@kalike/shared/format/dates';
import { batchesOverlap } from '@kalike/shared/domain/listing-authoring-rules';
import { batchPlaceColumns } from '../../db/batch-place-columns';
import type { AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import type { ListingAuthoringQueries } from './listing-authoring.repository';
import { batchNotFound, invalid, programNotFound } from './listing-authoring-errors';
import type { BatchRow } from './listing-batches.repository';
import type { ListingPartDeps } from './listing-edits';
import type { OwnListingRow } from './listing-drafts.repository';
import { approvedPlaceCovers, batchWhen, checkPlace, placeOfRow, samePlace } from './listing-places';

interface Schedule {
  startTime: string;
  endTime: string;
  startsOn: string;
  endsOn: string | null;
}

const weekdayShort = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** A batch named like every other on Kalike: "Tue & Thu, 5:00 PM". */
function batchNameOf(days: readonly number[], startTime: string): string {
  return `${days.map((day) => weekdayShort[day - 1]).join(' & ')}, ${formatClockTime(startTime).toUpperCase()}`;
}

const sortedDays = (days: readonly number[]) => [...days].sort((a, b) => a - b);

function checkSchedule(values: Schedule) {
  if (values.endTime <= values.startTime)
    throw invalid(`A class ends after it starts: ${formatClockTime(values.endTime)} is not after ${formatClockTime(values.startTime)}.`);
  if (values.endsOn !== null && values.endsOn <= values.startsOn) {
    throw invalid(`The last day must be after the first day (${formatCalendarDate(values.startsOn)}).`);
  }
}

function checkNotInPast(at: Date, startsOn: string, startTime: string) {
  const today = istDateKey(at);
  if (startsOn < today || (startsOn === today && startTime <= istClockTime(at))) {
    throw new DomainError('BATCH_IN_PAST', `A new batch cannot start in the past: choose ${formatCalendarDate(today)} or a later day.`, 400);
  }
}

async function overlapWarnings(
  tx: ListingAuthoringQueries,
  teacherId: string,
  batchId: string | null,
  schedule: Parameters<typeof batchesOverlap>[0],
): Promise<AuthoringWarning[]> {
  const others = await tx.findTeacherSchedules(teacherId);
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

/** A new batch on a live listing goes live at once, so only at a place the listing's approved batches use. */
async function checkLivePlace(tx: ListingAuthoringQueries, listingId: string, place: BatchPlace) {
  const approved = (await tx.findBatches(listingId)).map(placeOfRow);
  if (approvedPlaceCovers(approved, place)) return;
  throw new DomainError(
    'NEEDS_REVIEW',
    'A new place on a live listing is reviewed first. Add the batch at one of the places your listing already has, then change its place: the change waits for review while learners see the batch where it is now.',
    409,
  );
}

const scheduleOf = (body: UpdateBatchBody, batch: BatchRow): Schedule => ({
  startTime: body.startTime ?? batch.start_time,
  endTime: body.endTime ?? batch.end_time,
  startsOn: body.startsOn ?? batch.starts_on,
  endsOn: body.endsOn === undefined ? batch.ends_on : body.endsOn,
});

const hasStudents = (message: string) => new DomainError('BATCH_HAS_STUDENTS', message, 409);

/**
 * Families bought their packs for a batch's days and times, first and last day, and seats:
 * what of those an edit may change once they have joined.
 */
async function checkRunningBatch(tx: ListingAuthoringQueries, at: Date, batch: BatchRow, days: number[], schedule: Schedule, seats: number | undefined) {
  const today = istDateKey(at);
  const timesChange = days.join(',') !== batch.days_of_week.join(',') || schedule.startTime !== batch.start_time || schedule.endTime !== batch.end_time;
  const packs = await tx.packsInDate(batch.id, today);
  const families = batch.students > 0 || packs.packs > 0;
  if (timesChange && families) {
    throw hasStudents(
      `Families in this batch bought their packs for ${batchWhen(batch)}, so its days and times cannot change. Add a new batch at the new times and invite the families to move.`,
    );
  }
  if (schedule.startsOn !== batch.starts_on) {
    if (families) throw hasStudents('Families have joined this batch, so its first day cannot change.');
    checkNotInPast(at, schedule.startsOn, schedule.startTime);
  }
  if (schedule.endsOn !== null && schedule.endsOn !== batch.ends_on) {
    if (schedule.endsOn < today) throw invalid(`The last day cannot be in the past: choose ${formatCalendarDate(today)} or later.`);
    if (packs.last_day !== null && schedule.endsOn < packs.last_day) {
      throw hasStudents(
        `A family's class pack in this batch runs until ${formatCalendarDate(packs.last_day)}. The last day can be that day or later, so they can use every class they paid for.`,
      );
    }
  }
  if (seats !== undefined && seats < batch.seats_taken) {
    throw new DomainError(
      'SEATS_BELOW_ENROLLED',
      `${batch.seats_taken} ${batch.seats_taken === 1 ? 'seat is' : 'seats are'} taken in this batch, so it needs at least ${batch.seats_taken} seats.`,
      409,
    );
  }
  return { timesChange };
}

/**
 * The listing's batch, or BATCH_NOT_FOUND (another listing's batch is not found either).
 * `lock` locks the batch's row, for changes its seats are counted against.
 */
export async function ownBatch(tx: ListingAuthoringQueries, listingId: string, batchId: string, { lock }: { lock: boolean }): Promise<BatchRow> {
  const batch = (await tx.findBatches(listingId, lock ? batchId : undefined)).find((candidate) => candidate.id === batchId);
  if (!batch) throw batchNotFound();
  return batch;
}

/** A listing's batches: when and where they meet and how many seats they have. */
export function createListingBatches({ now, edits }: Pick<ListingPartDeps, 'now' | 'edits'>) {
  /** A batch's new place: at once on a draft; on a live listing it waits for review (or withdraws the held one when back). */
  async function movePlace(tx: ListingAuthoringQueries, listing: OwnListingRow, batch: BatchRow, place: BatchPlace) {
    await checkPlace(tx, place);
    if (listing.review_state !== 'live') return { held: false, columns: batchPlaceColumns(place) };
    const back = samePlace(placeOfRow(batch), place);
    await tx.holdChange(listing.id, 'batch_place', batch.id, back ? null : { kind: 'batch_place', targetId: batch.id, place }, now());
    return { held: !back, columns: {} };
  }

  return {
    addBatch(user: AuthUser, listingId: string, body: BatchBody): Promise<AuthoringResult> {
      return edits.change(user, listingId, async (tx, listing, teacherId) => {
        const program = (await tx.findPrograms(listingId)).find((candidate) => candidate.id === body.programId);
        if (!program) throw programNotFound();
        const schedule = { startTime: body.startTime, endTime: body.endTime, startsOn: body.startsOn, endsOn: body.endsOn ?? null };
        checkSchedule(schedule);
        checkNotInPast(now(), body.startsOn, body.startTime);
        await checkPlace(tx, body.place);
        if (listing.review_state === 'live') await checkLivePlace(tx, listingId, body.place);
        const days = sortedDays(body.daysOfWeek);
        const { id } = await tx.insertBatch({
          program_id: program.id,
          name: body.name?.trim() || batchNameOf(days, body.startTime),
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
      return edits.change(user, listingId, async (tx, listing, teacherId) => {
        const batch = await ownBatch(tx, listingId, batchId, { lock: true });
        const days = body.daysOfWeek ? sortedDays(body.daysOfWeek) : batch.days_of_week;
        const schedule = scheduleOf(body, batch);
        checkSchedule(schedule);
        const { timesChange } = await checkRunningBatch(tx, now(), batch, days, schedule, body.seats);
        const moved = body.place !== undefined ? await movePlace(tx, listing, batch, body.place) : { held: false, columns: {} };
        await tx.updateBatch(batchId, {
          ...(body.name !== undefined ? { name: body.name.trim() || batchNameOf(days, schedule.startTime) } : {}),
          days_of_week: days,
          start_time: schedule.startTime,
          end_time: schedule.endTime,
          starts_on: schedule.startsOn,
          ends_on: schedule.endsOn,
          ...(body.seats !== undefined ? { capacity: body.seats } : {}),
          ...moved.columns,
        });
        const rescheduled = timesChange || schedule.startsOn !== batch.starts_on || schedule.endsOn !== batch.ends_on;
        return { held: moved.held, warnings: rescheduled ? await overlapWarnings(tx, teacherId, batchId, { days, ...schedule }) : [] };
      });
    },

    removeBatch(user: AuthUser, listingId: string, batchId: string): Promise<AuthoringResult> {
      return edits.change(user, listingId, async (tx) => {
        await ownBatch(tx, listingId, batchId, { lock: true });
        if (await tx.everJoined(batchId)) {
          throw hasStudents('Families have joined this batch, so it stays on their classes and receipts. Set its last day instead.');
        }
        await tx.deleteBatch(batchId);
      });
    },
  };
}
