import { sql, type Kysely } from 'kysely';
import type { AttendanceStatus, SessionStatus } from '@kalike/shared/domain/session-values';
import type { BatchPlace, Database } from '../../db/schema';
import { createMessageOutboxRepository, type OutgoingMessage } from '../messaging/message-outbox.repository';
import { transactionalRepository } from '../../shared/transactional-repository';
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

/** Who hears about a change to a batch: one row per batch student, with the family's phone. */
export interface FamilyMemberRow extends PlaceRow {
  phone: string;
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

const inBatchNow = ['enrolled', 'active'] as const;
const day = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

function queries(db: Kysely<Database>) {
  const outbox = createMessageOutboxRepository(db);

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

  return {
    // Generation

    /** Batches still running on `from`, in id order after `afterId`: one chunk of a sweep. */
    findScheduleChunk(afterId: string | null, limit: number, from: string): Promise<ScheduleRow[]> {
      let query = scheduleQuery().where((eb) => eb.or([eb('ends_on', 'is', null), eb('ends_on', '>=', from)]));
      if (afterId) query = query.where('id', '>', afterId);
      return query.orderBy('id').limit(limit).execute();
    },

    findSchedules(batchIds: readonly string[]): Promise<ScheduleRow[]> {
      if (batchIds.length === 0) return Promise.resolve([]);
      return scheduleQuery()
        .where('id', 'in', [...batchIds])
        .orderBy('id')
        .execute();
    },

    /** Holidays of the batches touching `[from, until)`, oldest first: the first one names a day. */
    findHolidays(batchIds: readonly string[], from: string, until: string): Promise<HolidayRow[]> {
      if (batchIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('batch_holidays')
        .select(['id', 'batch_id', day('starts_on').as('starts_on'), day('ends_on').as('ends_on'), 'reason', 'created_at'])
        .where('batch_id', 'in', [...batchIds])
        .where('ends_on', '>=', from)
        .where('starts_on', '<', until)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** The IST days (as days since 1970-01-01) on which the batches already have a session in `[from, until)`. */
    findSessionDays(batchIds: readonly string[], from: string, until: string): Promise<{ batch_id: string; day: number }[]> {
      if (batchIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('class_sessions')
        .select(['batch_id', sql<number>`(occurs_on - date '1970-01-01')::int`.as('day')])
        .where('batch_id', 'in', [...batchIds])
        .where('occurs_on', '>=', from)
        .where('occurs_on', '<', until)
        .execute();
    },

    /**
     * One statement per chunk, whatever its size; a day a batch already has a session for is
     * left exactly as it is, so running generation again never undoes a cancellation or a
     * completed class. Returns how many sessions were new.
     */
    async insertSessions(rows: readonly NewSessionRow[]): Promise<number> {
      if (rows.length === 0) return 0;
      const column = <T>(pick: (row: NewSessionRow) => T) => rows.map(pick);
      const result = await sql<{ id: string }>`
        insert into class_sessions (batch_id, occurs_on, starts_at, ends_at, status, cancel_reason, cancelled_at, holiday_id)
        select batch_id::uuid, occurs_on::date, starts_at::timestamptz, ends_at::timestamptz, status, cancel_reason, cancelled_at::timestamptz, holiday_id::uuid
        from unnest(
          ${column((row) => row.batchId)}::text[], ${column((row) => row.occursOn)}::text[], ${column((row) => row.startsAt)}::text[],
          ${column((row) => row.endsAt)}::text[], ${column((row) => row.status)}::text[], ${column((row) => row.cancelReason)}::text[],
          ${column((row) => row.cancelledAt?.toISOString() ?? null)}::text[], ${column((row) => row.holidayId)}::text[]
        ) as u(batch_id, occurs_on, starts_at, ends_at, status, cancel_reason, cancelled_at, holiday_id)
        on conflict (batch_id, occurs_on) do nothing
        returning id
      `.execute(db);
      return result.rows.length;
    },

    // Reading

    /** The account's batch students who are in a batch now, and seats they hold unpaid at `at` (shown without the class link). */
    findPlacesOfLearner(learnerAccountId: string, at: Date): Promise<PlaceRow[]> {
      return anyPlaces()
        .where('bs.learner_account_id', '=', learnerAccountId)
        .where((eb) => eb.or([eb('bs.status', 'in', [...inBatchNow]), eb.and([eb('bs.status', '=', 'held'), eb('bs.hold_expires_at', '>', at)])]))
        .orderBy('name')
        .orderBy('bs.id')
        .execute();
    },

    findPlacesInBatches(batchIds: readonly string[]): Promise<PlaceRow[]> {
      if (batchIds.length === 0) return Promise.resolve([]);
      return places()
        .where('bs.batch_id', 'in', [...batchIds])
        .orderBy('name')
        .orderBy('bs.id')
        .execute();
    },

    async findBatchIdsOfTeacher(teacherId: string): Promise<string[]> {
      const rows = await ownBatches().select('b.id').where('l.teacher_id', '=', teacherId).orderBy('b.id').execute();
      return rows.map((row) => row.id);
    },

    findBatchViews(batchIds: readonly string[]): Promise<BatchViewRow[]> {
      if (batchIds.length === 0) return Promise.resolve([]);
      return ownBatches()
        .innerJoin('categories as c', 'c.id', 'l.category_id')
        .leftJoin('apartments as a', 'a.id', 'b.apartment_id')
        .leftJoin('localities as al', 'al.id', 'a.locality_id')
        .leftJoin('localities as bl', 'bl.id', 'b.locality_id')
        .select([
          'b.id',
          'b.name',
          'p.name as program_name',
          't.id as teacher_id',
          't.name as teacher_name',
          't.slug as teacher_slug',
          'c.slug as category_slug',
          'b.place',
          'b.online_link',
          sql<string | null>`coalesce(a.name, bl.name)`.as('place_name'),
          sql<string | null>`coalesce(al.name, bl.name)`.as('locality_name'),
          sql<string | null>`coalesce(a.pincode, bl.pincode)`.as('pincode'),
          sql<number | null>`coalesce(a.lat, bl.lat)`.as('lat'),
          sql<number | null>`coalesce(a.lng, bl.lng)`.as('lng'),
        ])
        .where('b.id', 'in', [...batchIds])
        .execute();
    },

    /** Sessions of the batches on the IST days `[from, until)`, soonest first. */
    findSessionsOn(batchIds: readonly string[], from: string, until: string): Promise<SessionRow[]> {
      if (batchIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('class_sessions')
        .select(['id', 'batch_id', day('occurs_on').as('occurs_on'), 'starts_at', 'ends_at', 'status', 'cancel_reason'])
        .where('batch_id', 'in', [...batchIds])
        .where('occurs_on', '>=', from)
        .where('occurs_on', '<', until)
        .orderBy('starts_at')
        .orderBy('id')
        .execute();
    },

    // The teacher's moves

    /**
     * The session, locked until the transaction ends, if it belongs to one of the teacher's
     * batches. Moves on one session queue here, so repeats see what the first one wrote.
     */
    async lockOwnSession(sessionId: string, teacherId: string): Promise<OwnSessionRow | undefined> {
      const locked = await db.selectFrom('class_sessions').select('id').where('id', '=', sessionId).forUpdate().executeTakeFirst();
      if (!locked) return undefined;
      return ownSession(sessionId, teacherId);
    },

    /** The session, unlocked, if it belongs to one of the teacher's batches. */
    findOwnSession(sessionId: string, teacherId: string): Promise<OwnSessionRow | undefined> {
      return ownSession(sessionId, teacherId);
    },

    /** Everyone marked for the session, with their name, whether or not they are still in the batch. */
    findAttendanceOf(sessionId: string): Promise<(PlaceRow & { status: AttendanceStatus })[]> {
      return anyPlaces()
        .innerJoin('session_attendance as sa', 'sa.batch_student_id', 'bs.id')
        .select('sa.status')
        .where('sa.session_id', '=', sessionId)
        .orderBy('name')
        .orderBy('bs.id')
        .execute();
    },

    findOwnBatch(batchId: string, teacherId: string): Promise<OwnBatchRow | undefined> {
      return ownBatches()
        .select(['b.id', 'b.name', 'p.name as program_name', 't.name as teacher_name'])
        .where('b.id', '=', batchId)
        .where('l.teacher_id', '=', teacherId)
        .executeTakeFirst();
    },

    async cancelSession(sessionId: string, reason: string, at: Date): Promise<void> {
      await db.updateTable('class_sessions').set({ status: 'cancelled', cancel_reason: reason, cancelled_at: at }).where('id', '=', sessionId).execute();
    },

    /** Everyone in the batch now, with the phone their family signs in with. */
    findFamilies(batchId: string): Promise<FamilyMemberRow[]> {
      return places()
        .innerJoin('users as u', 'u.id', 'la.user_id')
        .select('u.phone')
        .where('bs.batch_id', '=', batchId)
        .orderBy('bs.learner_account_id')
        .orderBy('name')
        .execute();
    },

    /** The batch's session on an IST day, whatever its status: a batch has at most one a day. */
    findSessionOn(batchId: string, day: string): Promise<{ id: string } | undefined> {
      return db.selectFrom('class_sessions').select('id').where('batch_id', '=', batchId).where('occurs_on', '=', day).executeTakeFirst();
    },

    /** An extra class; answers undefined when the day is taken meanwhile (one session per batch and day). */
    async insertExtraSession(values: { batchId: string; day: string; startsAt: Date; endsAt: Date }): Promise<{ id: string } | undefined> {
      return db
        .insertInto('class_sessions')
        .values({ batch_id: values.batchId, occurs_on: values.day, starts_at: values.startsAt, ends_at: values.endsAt, status: 'scheduled' })
        .onConflict((conflict) => conflict.columns(['batch_id', 'occurs_on']).doNothing())
        .returning('id')
        .executeTakeFirst();
    },

    async insertHoliday(values: { batchId: string; startsOn: string; endsOn: string; reason: string; at: Date }): Promise<string> {
      const row = await db
        .insertInto('batch_holidays')
        .values({ batch_id: values.batchId, starts_on: values.startsOn, ends_on: values.endsOn, reason: values.reason, created_at: values.at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Scheduled sessions on the holiday's days that have not started; returns them, soonest first. */
    async cancelForHoliday(values: { holidayId: string; batchId: string; startsOn: string; endsOn: string; reason: string; at: Date }): Promise<SessionRow[]> {
      const rows = await db
        .updateTable('class_sessions')
        .set({ status: 'cancelled', cancel_reason: values.reason, cancelled_at: values.at, holiday_id: values.holidayId })
        .where('batch_id', '=', values.batchId)
        .where('status', '=', 'scheduled')
        .where('occurs_on', '>=', values.startsOn)
        .where('occurs_on', '<=', values.endsOn)
        .where('starts_at', '>', values.at)
        .returning(['id', 'batch_id', day('occurs_on').as('occurs_on'), 'starts_at', 'ends_at', 'status', 'cancel_reason'])
        .execute();
      return rows.sort((a, b) => new Date(a.starts_at).getTime() - new Date(b.starts_at).getTime() || a.id.localeCompare(b.id));
    },

    // Attendance

    findPlacesInBatch(batchId: string, batchStudentIds: readonly string[]): Promise<PlaceRow[]> {
      if (batchStudentIds.length === 0) return Promise.resolve([]);
      return places()
        .where('bs.batch_id', '=', batchId)
        .where('bs.id', 'in', [...batchStudentIds])
        .execute();
    },

    /** What is already marked for these batch students in the session, with the class it consumed. */
    findMarked(sessionId: string, batchStudentIds: readonly string[]): Promise<MarkedRow[]> {
      if (batchStudentIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('session_attendance as a')
        .leftJoin('ledger_entries as le', 'le.id', 'a.ledger_entry_id')
        .select(['a.batch_student_id', 'a.status', 'a.ledger_entry_id', 'le.amount_paise', 'le.classes_delta'])
        .where('a.session_id', '=', sessionId)
        .where('a.batch_student_id', 'in', [...batchStudentIds])
        .execute();
    },

    async insertAttendance(values: {
      sessionId: string;
      batchStudentId: string;
      status: AttendanceStatus;
      ledgerEntryId: string | null;
      teacherId: string;
      at: Date;
    }): Promise<void> {
      await db
        .insertInto('session_attendance')
        .values({
          session_id: values.sessionId,
          batch_student_id: values.batchStudentId,
          status: values.status,
          ledger_entry_id: values.ledgerEntryId,
          marked_by_teacher_id: values.teacherId,
          marked_at: values.at,
        })
        .execute();
    },

    async completeSession(sessionId: string): Promise<void> {
      await db.updateTable('class_sessions').set({ status: 'completed' }).where('id', '=', sessionId).where('status', '=', 'scheduled').execute();
    },

    enqueueMessage(message: OutgoingMessage, at: Date): Promise<void> {
      return outbox.enqueue(message, at);
    },
  };
}

export type SessionsQueries = ReturnType<typeof queries>;

export function createSessionsRepository(db: Kysely<Database>) {
  return transactionalRepository(db, queries);
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
