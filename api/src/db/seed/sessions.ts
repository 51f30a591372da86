import { sql, type Kysely } from 'kysely';
import { sessionGenerationHorizonDays } from '@kalike/shared/domain/session-values';
import { addDaysToDateKey, istInstant } from '@kalike/shared/format/dates';
import { expandSchedule, type BatchSchedule } from '../../modules/sessions/schedule';
import type { Database } from '../schema';
import { wellKnownFamily } from './accounts';
import type { SeedRow } from './bulk-insert';
import type { Random } from './random';

export interface SeedSchedule extends BatchSchedule {
  id: string;
}

/** A session before the anchor day, of a batch whose seeded students have attendance marked. */
export interface PastSession {
  id: string;
  batchId: string;
  occursOn: string;
  startsAt: Date;
  endsAt: Date;
}

/**
 * The two batches Meera's children attend, added to the teacher of the day's first listing
 * (which the seed keeps active and in person) from their own random stream. They meet at
 * least twice a week, started eight weeks before the anchor and keep seats free, so the
 * well-known teacher always has upcoming in-person classes to offer as demos.
 */
export const familyBatches = [
  { id: wellKnownFamily.aarav.batchId, days: [2, 4], start: '17:00', end: '18:00', startsDaysBefore: 56, capacity: 12, seatsTaken: 4 },
  { id: wellKnownFamily.diya.batchId, days: [1, 3, 5], start: '16:00', end: '16:45', startsDaysBefore: 56, capacity: 10, seatsTaken: 3 },
] as const;

/** When Meera enrolled both children and paid for their packs, in days before the anchor. */
export const familyEnrolledDaysBefore = 24;
export const familyPaidDaysBefore = 22;
/** A batch's latest class before the anchor day. */
export function latestPastSession(sessions: readonly PastSession[], batchId: string): PastSession | undefined {
  return sessions
    .filter((session) => session.batchId === batchId)
    .reduce<PastSession | undefined>((newest, session) => (!newest || session.startsAt > newest.startsAt ? session : newest), undefined);
}

/** Past sessions are seeded this far back, and only for batches with attendance to mark. */
export const pastSessionDays = 21;

export const seededTeacherCancelReason = 'Teacher travelling';
export const seededHolidayReason = 'Festival break';

const randomCancelReasons = ['Teacher unwell', 'Venue not available', 'Exam week at school'];
/** Share of generated upcoming sessions the seed calls off, so cancelled ones show everywhere. */
const RANDOM_CANCEL_SHARE = 0.03;

/**
 * Every batch's sessions from the anchor day up to the generation horizon, exactly the days the
 * API's generation would create, streamed so the bench seed stays within memory. A few are
 * called off the evening before the anchor.
 */
export function* upcomingSessionRows(batches: Iterable<SeedSchedule>, anchor: string, random: Random): Generator<SeedRow<'class_sessions'>> {
  const window = { from: anchor, until: addDaysToDateKey(anchor, sessionGenerationHorizonDays) };
  const cancelledAt = istInstant(addDaysToDateKey(anchor, -1), '20:00');
  for (const batch of batches) {
    for (const occurrence of expandSchedule(batch, window)) {
      const cancelled = random.chance(RANDOM_CANCEL_SHARE);
      yield {
        id: random.uuid(),
        batch_id: batch.id,
        occurs_on: occurrence.occursOn,
        starts_at: occurrence.startsAt,
        ends_at: occurrence.endsAt,
        status: cancelled ? 'cancelled' : 'scheduled',
        cancel_reason: cancelled ? random.pick(randomCancelReasons) : null,
        cancelled_at: cancelled ? cancelledAt : null,
      };
    }
  }
}

/** Meera's children's places in the family batches (the seats they take are counted once every place is seeded). */
export async function seedFamilyEnrolments(db: Kysely<Database>, anchor: string): Promise<number> {
  const enrolledAt = istInstant(addDaysToDateKey(anchor, -familyEnrolledDaysBefore), '11:00');
  const children = [wellKnownFamily.aarav, wellKnownFamily.diya];
  await db
    .insertInto('batch_students')
    .values(
      children.map((child) => ({
        id: child.batchStudentId,
        batch_id: child.batchId,
        learner_account_id: wellKnownFamily.accountId,
        student_id: child.studentId,
        status: 'enrolled' as const,
        created_at: enrolledAt,
      })),
    )
    .execute();
  return children.length;
}

/**
 * The sessions of the last `pastSessionDays` days of each batch whose seeded students have
 * attendance to mark, from the first of those students' enrolment on, so no past session is
 * left without a register. Oldest first.
 */
export async function seedPastSessions(
  db: Kysely<Database>,
  options: { anchor: string; random: Random; batches: readonly (SeedSchedule & { firstEnrolledAt: Date })[] },
): Promise<PastSession[]> {
  const { anchor, random } = options;
  const sessions: PastSession[] = [];
  for (const batch of options.batches) {
    const window = { from: addDaysToDateKey(anchor, -pastSessionDays), until: anchor };
    for (const occurrence of expandSchedule(batch, window)) {
      const startsAt = new Date(occurrence.startsAt);
      if (startsAt <= batch.firstEnrolledAt) continue;
      sessions.push({ id: random.uuid(), batchId: batch.id, occursOn: occurrence.occursOn, startsAt, endsAt: new Date(occurrence.endsAt) });
    }
  }
  if (sessions.length > 0) {
    await db
      .insertInto('class_sessions')
      .values(
        sessions.map((session) => ({
          id: session.id,
          batch_id: session.batchId,
          occurs_on: session.occursOn,
          starts_at: session.startsAt,
          ends_at: session.endsAt,
          status: 'scheduled' as const,
        })),
      )
      .execute();
  }
  return sessions.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id.localeCompare(b.id));
}

/**
 * What a family sees coming up: the teacher called off one of Diya's classes this week, and
 * Aarav's batch has a holiday starting about ten days out. Demo classes already offered in
 * enquiries must stay bookable, so neither touches one.
 */
export async function seedFamilyCalendar(db: Kysely<Database>, options: { anchor: string; random: Random }): Promise<Record<string, number>> {
  const { anchor, random } = options;
  const offered = await db.selectFrom('enquiries').select('offer_session_id').where('offer_session_id', 'is not', null).execute();
  const offeredIds = offered.flatMap((row) => (row.offer_session_id ? [row.offer_session_id] : []));

  const upcoming = (batchId: string, from: string, until: string) => {
    let query = db
      .selectFrom('class_sessions')
      .select(['id', sql<string>`to_char(occurs_on, 'YYYY-MM-DD')`.as('occurs_on')])
      .where('batch_id', '=', batchId)
      .where('status', '=', 'scheduled')
      .where('occurs_on', '>=', from)
      .where('occurs_on', '<', until);
    if (offeredIds.length > 0) query = query.where('id', 'not in', offeredIds);
    return query.orderBy('occurs_on').execute();
  };

  const [travelling] = await upcoming(wellKnownFamily.diya.batchId, addDaysToDateKey(anchor, 1), addDaysToDateKey(anchor, 8));
  if (!travelling) throw new Error("The seed has no upcoming session of Diya's batch to cancel");
  await db
    .updateTable('class_sessions')
    .set({ status: 'cancelled', cancel_reason: seededTeacherCancelReason, cancelled_at: istInstant(addDaysToDateKey(anchor, -1), '21:30') })
    .where('id', '=', travelling.id)
    .execute();

  const [first] = await upcoming(wellKnownFamily.aarav.batchId, addDaysToDateKey(anchor, 9), addDaysToDateKey(anchor, 16));
  if (!first) throw new Error("The seed has no session of Aarav's batch to put a holiday on");
  const holiday = {
    id: random.uuid(),
    startsOn: first.occurs_on,
    endsOn: addDaysToDateKey(first.occurs_on, 4),
    createdAt: istInstant(addDaysToDateKey(anchor, -2), '18:00'),
  };
  await db
    .insertInto('batch_holidays')
    .values({
      id: holiday.id,
      batch_id: wellKnownFamily.aarav.batchId,
      starts_on: holiday.startsOn,
      ends_on: holiday.endsOn,
      reason: seededHolidayReason,
      created_at: holiday.createdAt,
    })
    .execute();
  // As the API does it: the holiday cancels the scheduled sessions already generated in its days.
  const cancelled = await db
    .updateTable('class_sessions')
    .set({ status: 'cancelled', cancel_reason: seededHolidayReason, cancelled_at: holiday.createdAt, holiday_id: holiday.id })
    .where('batch_id', '=', wellKnownFamily.aarav.batchId)
    .where('status', '=', 'scheduled')
    .where('occurs_on', '>=', holiday.startsOn)
    .where('occurs_on', '<=', holiday.endsOn)
    .returning('id')
    .execute();
  if (cancelled.some((row) => offeredIds.includes(row.id))) throw new Error('The seeded holiday would cancel a demo class offered in an enquiry');
  return { batch_holidays: 1 };
}
