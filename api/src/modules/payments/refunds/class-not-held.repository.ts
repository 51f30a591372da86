import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { ClassNotHeldReportsTable, Database } from '../../../db/schema';
import { selectBatchesWithTeacher } from '../../../shared/batch-context';

export type ClassReportRow = Selectable<ClassNotHeldReportsTable> & { class_on: string; refunded_paise: number | null };

/** A class of one of the family's places: held or due to be, with its report if one was made. */
export interface FamilyClassRow {
  session_id: string;
  batch_student_id: string;
  starts_at: Date;
  class_on: string;
  status: 'scheduled' | 'cancelled' | 'completed';
  report_id: string | null;
}

/** An open report with everything the admin queue shows beside it. */
export interface OpenReportRow {
  id: string;
  learner_account_id: string;
  batch_student_id: string;
  session_id: string;
  note: string;
  created_at: Date;
  starts_at: Date;
  class_on: string;
  family_name: string;
  family_phone: string;
  student_name: string | null;
  teacher_name: string;
  batch_name: string;
  program_name: string;
  marked: 'attended' | 'missed' | null;
}

const selectReports = (db: Kysely<Database>) =>
  db
    .selectFrom('class_not_held_reports as r')
    .innerJoin('class_sessions as cs', 'cs.id', 'r.session_id')
    .leftJoin('refunds as rf', 'rf.id', 'r.refund_id')
    .selectAll('r')
    .select(sql<string>`to_char(cs.occurs_on, 'YYYY-MM-DD')`.as('class_on'))
    // The refund of the class and the part of it kept as credit beside it.
    .select(
      sql<number | null>`(select sum(x.amount_paise)::int from refunds x where x.idempotency_key in (rf.idempotency_key, rf.idempotency_key || '/credit'))`.as(
        'refunded_paise',
      ),
    );

/** Reports that a class did not happen: the family's, and the admins' queue. */
export function classReportQueries(db: Kysely<Database>) {
  return {
    /**
     * The family's classes that started between `from` and `to`, of every place of theirs, with
     * any report on them; and every class they reported, however old. Newest first.
     */
    findFamilyClasses(learnerAccountId: string, from: Date, to: Date): Promise<FamilyClassRow[]> {
      return db
        .selectFrom('batch_students as bs')
        .innerJoin('class_sessions as cs', 'cs.batch_id', 'bs.batch_id')
        .leftJoin('class_not_held_reports as r', (join) => join.onRef('r.session_id', '=', 'cs.id').onRef('r.batch_student_id', '=', 'bs.id'))
        .select([
          'cs.id as session_id',
          'bs.id as batch_student_id',
          'cs.starts_at',
          sql<string>`to_char(cs.occurs_on, 'YYYY-MM-DD')`.as('class_on'),
          'cs.status',
          'r.id as report_id',
        ])
        .where('bs.learner_account_id', '=', learnerAccountId)
        .where((eb) =>
          eb.or([
            eb('r.id', 'is not', null),
            eb.and([eb('cs.starts_at', '>=', from), eb('cs.starts_at', '<=', to), eb('cs.starts_at', '>=', eb.ref('bs.created_at'))]),
          ]),
        )
        .orderBy('cs.starts_at', 'desc')
        .limit(100)
        .execute();
    },

    /** A class of the place's batch, with the place's owner; undefined when the place or the class is not theirs. */
    findClassOfPlace(batchStudentId: string, sessionId: string) {
      return db
        .selectFrom('batch_students as bs')
        .innerJoin('class_sessions as cs', 'cs.batch_id', 'bs.batch_id')
        .select([
          'bs.learner_account_id',
          'bs.created_at as place_since',
          'cs.starts_at',
          'cs.status',
          sql<string>`to_char(cs.occurs_on, 'YYYY-MM-DD')`.as('class_on'),
        ])
        .where('bs.id', '=', batchStudentId)
        .where('cs.id', '=', sessionId)
        .executeTakeFirst();
    },

    /** Inserts a report; undefined when the place already reported that class. */
    async insertReport(values: { learnerAccountId: string; batchStudentId: string; sessionId: string; note: string; at: Date }): Promise<string | undefined> {
      const row = await db
        .insertInto('class_not_held_reports')
        .values({
          learner_account_id: values.learnerAccountId,
          batch_student_id: values.batchStudentId,
          session_id: values.sessionId,
          note: values.note,
          status: 'open',
          created_at: values.at,
        })
        .onConflict((conflict) => conflict.columns(['batch_student_id', 'session_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    findReports(ids: readonly string[]): Promise<ClassReportRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return selectReports(db)
        .where('r.id', 'in', [...ids])
        .execute();
    },

    /** Locks a report until the transaction ends: two admins resolving it act one after the other. */
    lockReport(id: string) {
      return db.selectFrom('class_not_held_reports').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async updateReport(id: string, changes: Updateable<ClassNotHeldReportsTable>): Promise<void> {
      await db.updateTable('class_not_held_reports').set(changes).where('id', '=', id).execute();
    },
  };
}

/** The admins' queue of open reports. */
export function openReportQueries(db: Kysely<Database>) {
  return {
    /** Open reports, oldest first, with who, which class and what the register says. */
    findOpenReports(limit: number): Promise<OpenReportRow[]> {
      return selectBatchesWithTeacher(db)
        .innerJoin('batch_students as bs', 'bs.batch_id', 'b.id')
        .innerJoin('class_not_held_reports as r', 'r.batch_student_id', 'bs.id')
        .innerJoin('class_sessions as cs', 'cs.id', 'r.session_id')
        .innerJoin('learner_accounts as la', 'la.id', 'r.learner_account_id')
        .innerJoin('users as u', 'u.id', 'la.user_id')
        .leftJoin('students as s', 's.id', 'bs.student_id')
        .leftJoin('session_attendance as sa', (join) =>
          join.onRef('sa.session_id', '=', 'r.session_id').onRef('sa.batch_student_id', '=', 'r.batch_student_id'),
        )
        .select([
          'r.id',
          'r.learner_account_id',
          'r.batch_student_id',
          'r.session_id',
          'r.note',
          'r.created_at',
          'cs.starts_at',
          sql<string>`to_char(cs.occurs_on, 'YYYY-MM-DD')`.as('class_on'),
          'la.name as family_name',
          'u.phone as family_phone',
          's.name as student_name',
          't.name as teacher_name',
          'b.name as batch_name',
          'p.name as program_name',
          'sa.status as marked',
        ])
        .where('r.status', '=', 'open')
        .orderBy('r.created_at')
        .orderBy('r.id')
        .limit(limit)
        .execute();
    },
  };
}
