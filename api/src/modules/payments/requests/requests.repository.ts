import { sql, type Kysely } from 'kysely';
import type { Database, PaymentRequestsTable, PaymentRequestStatusColumn } from '../../../db/schema';

/** A request as the checkout and the settlement read it. */
export interface PaymentRequestRow {
  id: string;
  batch_id: string;
  teacher_id: string;
  teacher_name: string;
  learner_phone: string;
  student_name: string;
  description: string;
  amount_paise: number;
  status: PaymentRequestsTable['status'];
  batch_student_id: string | null;
  student_id: string | null;
  class_pack_plan_id: string | null;
}

/** A request as the family and the teacher see it: never the learner's phone. */
export interface PaymentRequestDetailRow {
  id: string;
  status: PaymentRequestStatusColumn;
  amount_paise: number;
  description: string;
  student_name: string;
  due_on: string;
  created_at: Date;
  completed_at: Date | null;
  teacher_name: string;
  teacher_slug: string;
  batch_name: string;
  program_name: string;
  category_name: string;
  plan_name: string | null;
  plan_classes_count: number | null;
  batch_id: string;
  batch_student_id: string | null;
  /** The learner's student it is for, when the teacher chose one. */
  student_id: string | null;
  cancel_reason: string | null;
}

// Columns are listed one by one: the learner's phone must never leave the detail queries.
const selectDetails = (db: Kysely<Database>) =>
  db
    .selectFrom('payment_requests as pr')
    .innerJoin('teachers as t', 't.id', 'pr.teacher_id')
    .innerJoin('batches as b', 'b.id', 'pr.batch_id')
    .innerJoin('programs as p', 'p.id', 'b.program_id')
    .innerJoin('teacher_listings as l', 'l.id', 'p.listing_id')
    .innerJoin('categories as c', 'c.id', 'l.category_id')
    .leftJoin('class_pack_plans as cpp', 'cpp.id', 'pr.class_pack_plan_id')
    .select([
      'pr.id',
      'pr.status',
      'pr.amount_paise',
      'pr.description',
      'pr.student_name',
      sql<string>`to_char(pr.due_on, 'YYYY-MM-DD')`.as('due_on'),
      'pr.created_at',
      'pr.completed_at',
      't.name as teacher_name',
      't.slug as teacher_slug',
      'b.name as batch_name',
      'p.name as program_name',
      'c.name as category_name',
      'cpp.name as plan_name',
      'cpp.classes_count as plan_classes_count',
      'pr.batch_id',
      'pr.batch_student_id',
      'pr.student_id',
      'pr.cancel_reason',
    ]);

/** Teachers' payment requests: asked, paid and withdrawn. */
export function requestQueries(db: Kysely<Database>) {
  return {
    find(id: string): Promise<PaymentRequestRow | undefined> {
      return db
        .selectFrom('payment_requests as pr')
        .innerJoin('teachers as t', 't.id', 'pr.teacher_id')
        .select([
          'pr.id',
          'pr.batch_id',
          'pr.teacher_id',
          't.name as teacher_name',
          'pr.learner_phone',
          'pr.student_name',
          'pr.description',
          'pr.amount_paise',
          'pr.status',
          'pr.batch_student_id',
          'pr.student_id',
          'pr.class_pack_plan_id',
        ])
        .where('pr.id', '=', id)
        .executeTakeFirst();
    },

    async lock(id: string): Promise<void> {
      await db.selectFrom('payment_requests').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async insert(values: {
      batchId: string;
      teacherId: string;
      batchStudentId: string;
      studentId: string | null;
      classPackPlanId: string | null;
      learnerName: string;
      learnerPhone: string;
      studentName: string;
      description: string;
      amountPaise: number;
      dueOn: string;
      at: Date;
    }): Promise<string> {
      const row = await db
        .insertInto('payment_requests')
        .values({
          batch_id: values.batchId,
          teacher_id: values.teacherId,
          batch_student_id: values.batchStudentId,
          student_id: values.studentId,
          class_pack_plan_id: values.classPackPlanId,
          learner_name: values.learnerName,
          learner_phone: values.learnerPhone,
          student_name: values.studentName,
          description: values.description,
          amount_paise: values.amountPaise,
          status: 'open',
          due_on: values.dueOn,
          created_at: values.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async complete(id: string, orderId: string, at: Date): Promise<void> {
      await db
        .updateTable('payment_requests')
        .set({ status: 'completed', completed_at: at, paid_order_id: orderId })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .execute();
    },

    /** open → cancelled; the caller has checked the move and holds the row lock. */
    async cancel(id: string, reason: string | null = null): Promise<void> {
      await db.updateTable('payment_requests').set({ status: 'cancelled', cancel_reason: reason }).where('id', '=', id).where('status', '=', 'open').execute();
    },
  };
}

/** Requests as the family and the teacher read them, with the batch and plan they are for. */
export function requestReadQueries(db: Kysely<Database>) {
  return {
    findDetail(id: string): Promise<PaymentRequestDetailRow | undefined> {
      return selectDetails(db).where('pr.id', '=', id).executeTakeFirst();
    },

    /** A learner's requests of one status, by the phone they were sent to, newest first. */
    findForLearnerPhone(phone: string, status: PaymentRequestStatusColumn, limit: number): Promise<PaymentRequestDetailRow[]> {
      return selectDetails(db)
        .where('pr.learner_phone', '=', phone)
        .where('pr.status', '=', status)
        .orderBy('pr.created_at', 'desc')
        .orderBy('pr.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** One of a teacher's own requests; another teacher's reads as missing. */
    findOfTeacher(teacherId: string, id: string): Promise<PaymentRequestDetailRow | undefined> {
      return selectDetails(db).where('pr.id', '=', id).where('pr.teacher_id', '=', teacherId).executeTakeFirst();
    },

    /** A teacher's requests of one status, newest first. */
    findForTeacher(teacherId: string, status: PaymentRequestStatusColumn, limit: number): Promise<PaymentRequestDetailRow[]> {
      return selectDetails(db)
        .where('pr.teacher_id', '=', teacherId)
        .where('pr.status', '=', status)
        .orderBy('pr.created_at', 'desc')
        .orderBy('pr.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** How many of a teacher's requests are open and what they ask for in all. */
    async sumOpenForTeacher(teacherId: string): Promise<{ count: number; amountPaise: number }> {
      const row = await db
        .selectFrom('payment_requests')
        .select([sql<number>`count(*)::int`.as('count'), sql<number>`coalesce(sum(amount_paise), 0)::bigint`.as('amount')])
        .where('teacher_id', '=', teacherId)
        .where('status', '=', 'open')
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), amountPaise: Number(row.amount) };
    },
  };
}

/** Whether requests are open: one per student and thing asked for, and what lets a family join a batch. */
export function requestCheckQueries(db: Kysely<Database>) {
  return {
    /** Whether the student already has an open request for the same thing (a plan, or what is owed when `classPackPlanId` is null). */
    async hasOpenFor(batchStudentId: string, classPackPlanId: string | null): Promise<boolean> {
      const row = await db
        .selectFrom('payment_requests')
        .select('id')
        .where('batch_student_id', '=', batchStudentId)
        .where('status', '=', 'open')
        .where('class_pack_plan_id', classPackPlanId === null ? 'is' : '=', classPackPlanId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Open requests for a class pack for a place: asked for the place, or for its student before they had it. */
    async findOpenForPackOf(place: { id: string; batch_id: string; student_id: string | null }): Promise<string[]> {
      const rows = await db
        .selectFrom('payment_requests')
        .select('id')
        .where('status', '=', 'open')
        .where('class_pack_plan_id', 'is not', null)
        .where((eb) =>
          eb.or([
            eb('batch_student_id', '=', place.id),
            ...(place.student_id
              ? [eb.and([eb('batch_student_id', 'is', null), eb('batch_id', '=', place.batch_id), eb('student_id', '=', place.student_id)])]
              : []),
          ]),
        )
        .orderBy('created_at')
        .execute();
      return rows.map((row) => row.id);
    },

    /** The learner's open payment request for a batch: something the teacher issued, like an invitation. */
    async hasOpenForBatch(learnerPhone: string, batchId: string): Promise<boolean> {
      const row = await db
        .selectFrom('payment_requests')
        .select('id')
        .where('batch_id', '=', batchId)
        .where('learner_phone', '=', learnerPhone)
        .where('status', '=', 'open')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** How many open requests each place has. */
    async countOpen(batchStudentIds: readonly string[]): Promise<Map<string, number>> {
      if (batchStudentIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('payment_requests')
        .select(['batch_student_id', sql<number>`count(*)::int`.as('open')])
        .where('batch_student_id', 'in', [...batchStudentIds])
        .where('status', '=', 'open')
        .groupBy('batch_student_id')
        .execute();
      return new Map(rows.map((row) => [row.batch_student_id ?? '', Number(row.open)]));
    },
  };
}
