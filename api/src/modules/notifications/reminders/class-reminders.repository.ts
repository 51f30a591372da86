import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { selectBatchesWithTeacher } from '../../../shared/batch-context';

/** Places whose student is expected in their batch's classes: enrolled or paying, not removed and not left. */
export const expectedPlaceStatuses = ['enrolled', 'active'] as const;

/**
 * One student expected in one class, with who hears about it and the names a reminder uses: a
 * student with a place in the batch, or one with a demo of that class booked.
 */
export interface ExpectedStudentRow {
  session_id: string;
  starts_at: Date;
  /** The student's key in this class: their place in the batch, or their demo booking. */
  student_key: string;
  /** Booked for a demo of this one class: free, no pack, no place in the batch. */
  demo: boolean;
  /** The family's account holder. */
  user_id: string;
  student_name: string;
  teacher_name: string;
  program_name: string;
  batch_name: string;
  /** The teacher's sign-in, if they have one. */
  teacher_user_id: string | null;
}

/** A teacher's scheduled class, for the teacher's own reminders. */
export interface TeacherClassRow {
  session_id: string;
  starts_at: Date;
  ends_at: Date;
  teacher_user_id: string;
  program_name: string;
  batch_name: string;
}

/** Where a page of rows ordered by (start, id) ends, so the next page starts after it. */
export interface PageEnd {
  startsAt: Date;
  id: string;
}

/**
 * Scheduled classes that take place: not cancelled, on or before the batch's last day (ending a
 * batch cancels or removes what lies after it). Uses the partial index on scheduled starts.
 */
function heldSessions(db: Kysely<Database>) {
  return selectBatchesWithTeacher(db)
    .innerJoin('class_sessions as s', 's.batch_id', 'b.id')
    .where('s.status', '=', 'scheduled')
    .where((eb) => eb.or([eb('b.ends_on', 'is', null), eb('s.occurs_on', '<=', eb.ref('b.ends_on'))]));
}

type HeldSessions = ReturnType<typeof heldSessions>;

/**
 * The seats taken in the held sessions `narrow` keeps: a current place in the batch, or a demo of
 * that one class booked and not called off (docs/sessions.md), each keyed by its own id.
 */
function seatsIn(db: Kysely<Database>, narrow: (sessions: HeldSessions) => HeldSessions) {
  const places = narrow(heldSessions(db))
    .innerJoin('batch_students as bs', 'bs.batch_id', 'b.id')
    .select(['s.id as session_id', 'bs.id as student_key', sql<boolean>`false`.as('demo'), 'bs.learner_account_id', 'bs.student_id'])
    .where('bs.status', 'in', [...expectedPlaceStatuses]);
  const demos = narrow(heldSessions(db))
    .innerJoin('demo_bookings as d', 'd.session_id', 's.id')
    .select(['s.id as session_id', 'd.id as student_key', sql<boolean>`true`.as('demo'), 'd.learner_account_id', 'd.student_id'])
    .where('d.cancelled_at', 'is', null);
  return places.unionAll(demos);
}

/**
 * Everyone expected in the held sessions `narrow` keeps, with the names a reminder uses. The
 * sessions are narrowed inside each part of the seats too, so each reads the scheduled-start
 * index before the two are put together.
 */
function expectedStudents(db: Kysely<Database>, narrow: (sessions: HeldSessions) => HeldSessions) {
  return narrow(heldSessions(db))
    .innerJoin(seatsIn(db, narrow).as('e'), 'e.session_id', 's.id')
    .innerJoin('learner_accounts as la', 'la.id', 'e.learner_account_id')
    .leftJoin('students as st', 'st.id', 'e.student_id')
    .leftJoin('users as tu', 'tu.teacher_id', 't.id')
    .select([
      's.id as session_id',
      's.starts_at',
      'e.student_key',
      'e.demo',
      'la.user_id',
      sql<string>`coalesce(st.name, la.name)`.as('student_name'),
      't.name as teacher_name',
      'p.name as program_name',
      'b.name as batch_name',
      'tu.id as teacher_user_id',
    ]);
}

const startingBetween = (from: Date, until: Date) => (sessions: HeldSessions) => sessions.where('s.starts_at', '>=', from).where('s.starts_at', '<', until);
const theSession = (sessionId: string) => (sessions: HeldSessions) => sessions.where('s.id', '=', sessionId);

/** The reads the reminders sweep makes about classes; each a page, ordered so the next page starts where it ended. */
export function classReminderQueries(db: Kysely<Database>) {
  return {
    /** Students expected in classes starting in [from, until), places and demos, a page at a time by (start, student key). */
    expectedBetween(from: Date, until: Date, pageEnd: PageEnd | null, limit: number): Promise<ExpectedStudentRow[]> {
      let query = expectedStudents(db, startingBetween(from, until));
      if (pageEnd) {
        query = query.where((eb) =>
          eb.or([eb('s.starts_at', '>', pageEnd.startsAt), eb.and([eb('s.starts_at', '=', pageEnd.startsAt), eb('e.student_key', '>', pageEnd.id)])]),
        );
      }
      return query.orderBy('s.starts_at').orderBy('e.student_key').limit(limit).execute();
    },

    /** Teachers' classes starting in [from, until) that take place, a page at a time. */
    teacherClassesBetween(from: Date, until: Date, pageEnd: PageEnd | null, limit: number): Promise<TeacherClassRow[]> {
      let query = heldSessions(db)
        .innerJoin('users as tu', 'tu.teacher_id', 't.id')
        .select(['s.id as session_id', 's.starts_at', 's.ends_at', 'tu.id as teacher_user_id', 'p.name as program_name', 'b.name as batch_name'])
        .where('s.starts_at', '>=', from)
        .where('s.starts_at', '<', until);
      if (pageEnd) {
        query = query.where((eb) =>
          eb.or([eb('s.starts_at', '>', pageEnd.startsAt), eb.and([eb('s.starts_at', '=', pageEnd.startsAt), eb('s.id', '>', pageEnd.id)])]),
        );
      }
      return query.orderBy('s.starts_at').orderBy('s.id').limit(limit).execute();
    },

    /**
     * Classes that ended in (endedAfter, endedBy] with a student expected and no register taken
     * (saving the register completes a class). Bounded by start too, so the scheduled-start index
     * serves it: no class lasts longer than a day.
     */
    unregisteredBetween(endedAfter: Date, endedBy: Date, limit: number): Promise<TeacherClassRow[]> {
      return heldSessions(db)
        .innerJoin('users as tu', 'tu.teacher_id', 't.id')
        .select(['s.id as session_id', 's.starts_at', 's.ends_at', 'tu.id as teacher_user_id', 'p.name as program_name', 'b.name as batch_name'])
        .where('s.starts_at', '>', new Date(endedAfter.getTime() - 24 * 60 * 60_000))
        .where('s.starts_at', '<=', endedBy)
        .where('s.ends_at', '>', endedAfter)
        .where('s.ends_at', '<=', endedBy)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('batch_students as bs')
              .select('bs.id')
              .whereRef('bs.batch_id', '=', 'b.id')
              .where('bs.status', 'in', [...expectedPlaceStatuses]),
          ),
        )
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('session_attendance as a').select('a.session_id').whereRef('a.session_id', '=', 's.id'))))
        .orderBy('s.ends_at')
        .orderBy('s.id')
        .limit(limit)
        .execute();
    },

    /** Does this class still take place (not cancelled, the batch not ended before it)? */
    async isHeld(sessionId: string): Promise<boolean> {
      const row = await heldSessions(db).select('s.id').where('s.id', '=', sessionId).executeTakeFirst();
      return row !== undefined;
    },

    /** Has this family still a student expected in this class, with a place or a demo booked? */
    async isFamilyExpected(sessionId: string, userId: string): Promise<boolean> {
      const row = await expectedStudents(db, theSession(sessionId)).where('la.user_id', '=', userId).executeTakeFirst();
      return row !== undefined;
    },

    /** Is this student still expected in this class with their place: the class held, the place current, the batch not ended? */
    async isExpected(sessionId: string, batchStudentId: string): Promise<boolean> {
      const row = await expectedStudents(db, theSession(sessionId)).where('e.student_key', '=', batchStudentId).where('e.demo', '=', false).executeTakeFirst();
      return row !== undefined;
    },

    /** Does this class still take place and still wait for its register? */
    async isUnregistered(sessionId: string): Promise<boolean> {
      const row = await heldSessions(db)
        .select('s.id')
        .where('s.id', '=', sessionId)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('session_attendance as a').select('a.session_id').whereRef('a.session_id', '=', 's.id'))))
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type ClassReminderQueries = ReturnType<typeof classReminderQueries>;
