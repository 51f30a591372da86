import { sql, type Kysely, type Selectable } from 'kysely';
import type { EnrolmentsPort } from '../../enrolments/enrolments.port';
import { transactionHandle } from '../../../shared/transactional-repository';
import type { BatchStudentStatus, Database, PaymentLinksTable, PaymentRequestsTable } from '../../../db/schema';
import { selectBatchesWithTeacher } from '../../../shared/batch-context';
import { currentPlaceStatuses } from '@kalike/shared/domain/batch-student-lifecycle';
import { orderStatusesHoldingDiscounts } from '@kalike/shared/domain/order-lifecycle';

export interface PaymentLinkRow extends Selectable<PaymentLinksTable> {
  teacher_name: string;
  teacher_slug: string;
  /** The named batch student's student, or the learner when they study themselves. */
  student_name: string | null;
}

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

/** A current place in one of a teacher's batches, with the name the teacher knows the student by. */
export interface TeacherPlaceRow {
  id: string;
  batch_id: string;
  status: BatchStudentStatus;
  hold_expires_at: Date | null;
  student_name: string;
}

export function linkQueries(db: Kysely<Database>, enrolments: EnrolmentsPort) {
  return {
    findPaymentLink(id: string): Promise<PaymentLinkRow | undefined> {
      return db
        .selectFrom('payment_links as pl')
        .innerJoin('teachers as t', 't.id', 'pl.teacher_id')
        .leftJoin('batch_students as bs', 'bs.id', 'pl.batch_student_id')
        .leftJoin('students as s', 's.id', 'bs.student_id')
        .leftJoin('learner_accounts as la', 'la.id', 'bs.learner_account_id')
        .selectAll('pl')
        .select(['t.name as teacher_name', 't.slug as teacher_slug', sql<string | null>`coalesce(s.name, la.name)`.as('student_name')])
        .where('pl.id', '=', id)
        .executeTakeFirst();
    },

    async lockPaymentLink(id: string): Promise<void> {
      await db.selectFrom('payment_links').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async markPaymentLinkPaid(id: string, at: Date): Promise<void> {
      await db.updateTable('payment_links').set({ status: 'paid', paid_at: at }).where('id', '=', id).where('status', '<>', 'paid').execute();
    },

    findPaymentRequest(id: string): Promise<PaymentRequestRow | undefined> {
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

    async lockPaymentRequest(id: string): Promise<void> {
      await db.selectFrom('payment_requests').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async completePaymentRequest(id: string, orderId: string, at: Date): Promise<void> {
      await db
        .updateTable('payment_requests')
        .set({ status: 'completed', completed_at: at, paid_order_id: orderId })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .execute();
    },

    /** Whether the student already has an open request for the same thing (a plan, or what is owed when `classPackPlanId` is null). */
    async hasOpenRequestFor(batchStudentId: string, classPackPlanId: string | null): Promise<boolean> {
      const row = await db
        .selectFrom('payment_requests')
        .select('id')
        .where('batch_student_id', '=', batchStudentId)
        .where('status', '=', 'open')
        .where('class_pack_plan_id', classPackPlanId === null ? 'is' : '=', classPackPlanId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** open → cancelled; the caller has checked the move and holds the row lock. */
    async cancelPaymentRequest(id: string): Promise<void> {
      await db.updateTable('payment_requests').set({ status: 'cancelled' }).where('id', '=', id).where('status', '=', 'open').execute();
    },

    /**
     * A cancelled request can no longer be paid: its unpaid orders (any family's checkout still
     * open) expire, so money arriving for one later is kept as the payer's credit, as for any
     * expired order.
     */
    async expireOpenOrdersOfRequest(id: string, at: Date): Promise<void> {
      await db
        .updateTable('orders')
        .set({ status: 'expired', updated_at: at })
        .where('payment_request_id', '=', id)
        .where('status', 'in', [...orderStatusesHoldingDiscounts])
        .execute();
    },

    /** The teacher's batches, by program and batch name. */
    async findTeacherBatchIds(teacherId: string): Promise<string[]> {
      const rows = await selectBatchesWithTeacher(db)
        .select('b.id')
        .where('t.id', '=', teacherId)
        .orderBy('p.name')
        .orderBy('b.name')
        .orderBy('b.id')
        .execute();
      return rows.map((row) => row.id);
    },

    /** Current places (held, enrolled, active) in some batches, by student name. */
    findCurrentPlacesOfBatches(batchIds: readonly string[]): Promise<TeacherPlaceRow[]> {
      if (batchIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('batch_students as bs')
        .innerJoin('learner_accounts as la', 'la.id', 'bs.learner_account_id')
        .leftJoin('students as s', 's.id', 'bs.student_id')
        .select(['bs.id', 'bs.batch_id', 'bs.status', 'bs.hold_expires_at', sql<string>`coalesce(s.name, la.name)`.as('student_name')])
        .where('bs.batch_id', 'in', [...batchIds])
        .where('bs.status', 'in', [...currentPlaceStatuses])
        .orderBy(sql`coalesce(s.name, la.name)`)
        .orderBy('bs.id')
        .execute();
    },

    /** How many open requests each place has. */
    async countOpenRequests(batchStudentIds: readonly string[]): Promise<Map<string, number>> {
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

    async insertPaymentRequest(values: {
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

    /** The teacher who teaches a batch, or undefined. */
    findBatchTeacher(batchId: string): Promise<{ id: string; name: string; slug: string } | undefined> {
      return selectBatchesWithTeacher(db).select(['t.id', 't.name', 't.slug']).where('b.id', '=', batchId).executeTakeFirst();
    },

    /** `at` is the caller's clock: lapsed holds are given back first. */
    takeSeat(batchId: string, at: Date): Promise<boolean> {
      return enrolments.takeSeat(transactionHandle(db), batchId, at);
    },

    /** A seat held while the learner pays, or null when the batch is full. */
    holdSeat(values: {
      batchId: string;
      learnerAccountId: string;
      invitationId: string | null;
      at: Date;
    }): Promise<{ id: string; holdExpiresAt: Date } | null> {
      return enrolments.holdSeat(transactionHandle(db), values);
    },

    freeSeats(batchId: string, at: Date): Promise<number | null> {
      return enrolments.freeSeats(transactionHandle(db), batchId, at);
    },

    /** A paid place in a batch for the learner, or for one of the learner's students when `studentId` is set. */
    insertBatchStudent(values: { batchId: string; learnerAccountId: string; studentId?: string | null; at: Date }): Promise<string> {
      return enrolments.addPaidPlace(transactionHandle(db), { ...values, studentId: values.studentId ?? null });
    },

    /** Whether a student belongs to the learner account (a parent's child). */
    async isStudentOfLearner(learnerAccountId: string, studentId: string): Promise<boolean> {
      const row = await db
        .selectFrom('students')
        .select('id')
        .where('id', '=', studentId)
        .where('learner_account_id', '=', learnerAccountId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async findLearnerPhone(learnerAccountId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('learner_accounts as la')
        .innerJoin('users as u', 'u.id', 'la.user_id')
        .select(sql<string>`u.phone`.as('phone'))
        .where('la.id', '=', learnerAccountId)
        .executeTakeFirst();
      return row?.phone;
    },
  };
}

export type LinkQueries = ReturnType<typeof linkQueries>;
