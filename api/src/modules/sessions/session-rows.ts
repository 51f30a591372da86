import { sql, type Kysely } from 'kysely';
import type { AttendanceStatus, SessionStatus } from '@kalike/shared/domain/session-values';
import type { BatchPlace, Database } from '../../db/schema';
import { selectBatchesWithTeacher } from '../../shared/batch-context';

/** A batch's schedule as the expansion reads it: days as text, times as 'HH:MM'. */
export interface ScheduleRow {
  id: string;
  days_of_week: number[];
  start_time: string;
  end_time: string;
  starts_on: string;
  ends_on: string | null;
}

export interface HolidayRow {
  id: string;
  batch_id: string;
  starts_on: string;
  ends_on: string;
  reason: string;
  created_at: Date;
}

export interface NewSessionRow {
  batchId: string;
  occursOn: string;
  startsAt: string;
  endsAt: string;
  status: 'scheduled' | 'cancelled';
  cancelReason: string | null;
  cancelledAt: Date | null;
  holidayId: string | null;
}

export interface SessionRow {
  id: string;
  batch_id: string;
  occurs_on: string;
  starts_at: Date;
  ends_at: Date;
  status: SessionStatus;
  cancel_reason: string | null;
}

/** A batch with what the Sessions tab shows about it: names, the teacher, where it meets. */
export interface BatchViewRow {
  id: string;
  name: string;
  program_name: string;
  teacher_id: string;
  teacher_name: string;
  teacher_slug: string;
  category_slug: string;
  place: BatchPlace;
  online_link: string | null;
  place_name: string | null;
  locality_name: string | null;
  pincode: string | null;
  lat: number | null;
  lng: number | null;
}

/** A batch student who is in the batch now (enrolled or active), with the name to show. */
export interface PlaceRow {
  id: string;
  batch_id: string;
  learner_account_id: string;
  /** The student's name, or the account's when the learner attends themself. */
  name: string;
}

/** Who hears about a change to a batch: one row per batch student, with the family's account holder. */
export interface FamilyMemberRow extends PlaceRow {
  user_id: string;
}

/** The teacher's own session, locked, with the names a text about it uses. */
export interface OwnSessionRow extends SessionRow {
  batch_name: string;
  program_name: string;
  teacher_name: string;
}

export interface OwnBatchRow {
  id: string;
  name: string;
  program_name: string;
  teacher_name: string;
}

export interface MarkedRow {
  batch_student_id: string;
  status: AttendanceStatus;
  ledger_entry_id: string | null;
  amount_paise: number | null;
  classes_delta: number | null;
}

export const inBatchNow = ['enrolled', 'active'] as const;
export const day = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/**
 * Sessions on the IST days `[from, until)` with their batch (`cs`, `b`), none after a batch's
 * last day (an ended batch's), soonest first; callers pick the batches and the columns.
 */
export function sessionsOnDays(db: Kysely<Database>, from: string, until: string) {
  return db
    .selectFrom('class_sessions as cs')
    .innerJoin('batches as b', 'b.id', 'cs.batch_id')
    .select(['cs.id', 'cs.batch_id', day('cs.occurs_on').as('occurs_on'), 'cs.starts_at', 'cs.ends_at', 'cs.status', 'cs.cancel_reason'])
    .where('cs.occurs_on', '>=', from)
    .where('cs.occurs_on', '<', until)
    .where((eb) => eb.or([eb('b.ends_on', 'is', null), eb('cs.occurs_on', '<=', eb.ref('b.ends_on'))]))
    .orderBy('cs.starts_at')
    .orderBy('cs.id');
}

/** The selects the session queries share: schedules, the teacher's batches, places, one own session. */
export function sessionSelects(db: Kysely<Database>) {
  const scheduleQuery = () =>
    db
      .selectFrom('batches')
      .select([
        'id',
        sql<number[]>`days_of_week::int[]`.as('days_of_week'),
        sql<string>`to_char(start_time, 'HH24:MI')`.as('start_time'),
        sql<string>`to_char(end_time, 'HH24:MI')`.as('end_time'),
        day('starts_on').as('starts_on'),
        sql<string | null>`to_char(ends_on, 'YYYY-MM-DD')`.as('ends_on'),
      ]);

  const ownBatches = () => selectBatchesWithTeacher(db);

  const anyPlaces = () =>
    db
      .selectFrom('batch_students as bs')
      .innerJoin('learner_accounts as la', 'la.id', 'bs.learner_account_id')
      .leftJoin('students as st', 'st.id', 'bs.student_id')
      .select(['bs.id', 'bs.batch_id', 'bs.learner_account_id', sql<string>`coalesce(st.name, la.name)`.as('name')]);
  const places = () => anyPlaces().where('bs.status', 'in', [...inBatchNow]);

  const ownSession = (sessionId: string, teacherId: string): Promise<OwnSessionRow | undefined> =>
    ownBatches()
      .innerJoin('class_sessions as s', 's.batch_id', 'b.id')
      .select([
        's.id',
        's.batch_id',
        day('s.occurs_on').as('occurs_on'),
        's.starts_at',
        's.ends_at',
        's.status',
        's.cancel_reason',
        'b.name as batch_name',
        'p.name as program_name',
        't.name as teacher_name',
      ])
      .where('s.id', '=', sessionId)
      .where('l.teacher_id', '=', teacherId)
      .executeTakeFirst();

  return { scheduleQuery, ownBatches, anyPlaces, places, ownSession };
}
