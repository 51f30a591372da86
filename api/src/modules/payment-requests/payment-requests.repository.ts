import { sql, type Kysely } from 'kysely';
import type { Database, PaymentRequestStatusColumn } from '../../db/schema';

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
}

export function createPaymentRequestsRepository(db: Kysely<Database>) {
  // Columns are listed one by one: the learner's phone must never leave these queries.
  const detailQuery = () =>
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
      ]);
  return {
    findByIdIncludeBatchAndTeacher(id: string): Promise<PaymentRequestDetailRow | undefined> {
      return detailQuery().where('pr.id', '=', id).executeTakeFirst();
    },

    /** A learner's requests of one status, by the phone they were sent to, newest first. */
    findForLearnerPhone(phone: string, status: PaymentRequestStatusColumn, limit: number): Promise<PaymentRequestDetailRow[]> {
      return detailQuery()
        .where('pr.learner_phone', '=', phone)
        .where('pr.status', '=', status)
        .orderBy('pr.created_at', 'desc')
        .orderBy('pr.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** One of a teacher's own requests; another teacher's reads as missing. */
    findOfTeacher(teacherId: string, id: string): Promise<PaymentRequestDetailRow | undefined> {
      return detailQuery().where('pr.id', '=', id).where('pr.teacher_id', '=', teacherId).executeTakeFirst();
    },

    /** A teacher's requests of one status, newest first. */
    findForTeacher(teacherId: string, status: PaymentRequestStatusColumn, limit: number): Promise<PaymentRequestDetailRow[]> {
      return detailQuery()
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

    async findLearnerPhone(learnerAccountId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('learner_accounts as la')
        .innerJoin('users as u', 'u.id', 'la.user_id')
        .select('u.phone')
        .where('la.id', '=', learnerAccountId)
        .executeTakeFirst();
      return row?.phone;
    },
  };
}

export type PaymentRequestsRepository = ReturnType<typeof createPaymentRequestsRepository>;
