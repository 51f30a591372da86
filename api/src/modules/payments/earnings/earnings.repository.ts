import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { selectBatchesWithTeacher } from '../../../shared/batch-context';
import type { EarningsPayment } from './earnings-figures';

/**
 * Reads, never writes: the ledger's payment entries for a teacher's batches. A payment belongs
 * to the teacher of the batch its place is in; money booked on no place (a payment link or
 * request that named none) belongs to the teacher who sent the link or request.
 */
/** A refund the bank refused went back to the family as credit, so the teacher keeps that money. */
const notFailedRefund = (eb: ExpressionBuilder<Database & { e: Database['ledger_entries'] }, 'e'>) =>
  eb.not(eb.exists(eb.selectFrom('refunds as r').select('r.id').whereRef('r.id', '=', 'e.refund_id').where('r.status', '=', 'failed')));

export function createEarningsRepository(db: Kysely<Database>) {
  return {
    /** The teacher's payment entries booked from `start` (included) to `end` (excluded), oldest first. */
    paymentsOfTeacher(teacherId: string, start: Date, end: Date): Promise<EarningsPayment[]> {
      return entriesOfTeacher('payment', teacherId, start, end);
    },

    /**
     * The teacher's refund entries, found exactly as their payments are (a refund sends back part
     * of a payment, on the same place or link): what payouts take back off what was earned.
     */
    refundsOfTeacher(teacherId: string, start: Date, end: Date): Promise<EarningsPayment[]> {
      return entriesOfTeacher('refund', teacherId, start, end);
    },
  };

  async function entriesOfTeacher(kind: 'payment' | 'refund', teacherId: string, start: Date, end: Date): Promise<EarningsPayment[]> {
    const onPlaces = await selectBatchesWithTeacher(db)
      .innerJoin('batch_students as bs', 'bs.batch_id', 'b.id')
      .innerJoin('ledger_entries as e', 'e.batch_student_id', 'bs.id')
      .innerJoin('learner_accounts as a', 'a.id', 'bs.learner_account_id')
      .leftJoin('students as s', 's.id', 'bs.student_id')
      .leftJoin('payments as pay', 'pay.id', 'e.payment_id')
      .select([
        'e.id',
        'e.amount_paise',
        'e.created_at',
        'bs.id as batch_student_id',
        's.name as student_name',
        'a.name as learner_name',
        'b.name as batch_name',
        'pay.held_reason',
      ])
      .where('t.id', '=', teacherId)
      .where((eb) => eb.and([eb('e.kind', '=', kind), notFailedRefund(eb)]))
      .where('e.created_at', '>=', start)
      .where('e.created_at', '<', end)
      .execute();

    const onNoPlace = await db
      .selectFrom('ledger_entries as e')
      .innerJoin('orders as o', 'o.id', 'e.order_id')
      .innerJoin('learner_accounts as a', 'a.id', 'e.learner_account_id')
      .leftJoin('payment_links as pl', 'pl.id', 'o.payment_link_id')
      .leftJoin('payment_requests as pr', 'pr.id', 'o.payment_request_id')
      .leftJoin('batches as rb', 'rb.id', 'pr.batch_id')
      .leftJoin('payments as pay', 'pay.id', 'e.payment_id')
      .select([
        'e.id',
        'e.amount_paise',
        'e.created_at',
        'e.learner_account_id',
        'a.name as learner_name',
        'pr.student_name',
        'rb.name as batch_name',
        'pay.held_reason',
      ])
      .where('e.batch_student_id', 'is', null)
      .where((eb) => eb.and([eb('e.kind', '=', kind), notFailedRefund(eb)]))
      .where((eb) => eb.or([eb('pl.teacher_id', '=', teacherId), eb('pr.teacher_id', '=', teacherId)]))
      .where('e.created_at', '>=', start)
      .where('e.created_at', '<', end)
      .execute();

    const payments: (EarningsPayment & { id: string })[] = [
      ...onPlaces.map((row) => ({
        id: row.id,
        amountPaise: row.amount_paise,
        keptAsCredit: row.held_reason !== null,
        at: new Date(row.created_at),
        batchStudentId: row.batch_student_id,
        studentKey: row.batch_student_id,
        studentName: row.student_name ?? row.learner_name,
        batchName: row.batch_name,
      })),
      ...onNoPlace.map((row) => ({
        id: row.id,
        amountPaise: row.amount_paise,
        keptAsCredit: row.held_reason !== null,
        at: new Date(row.created_at),
        batchStudentId: null,
        studentKey: `payer:${row.learner_account_id}:${row.student_name ?? ''}`,
        studentName: row.student_name ?? row.learner_name,
        batchName: row.batch_name,
      })),
    ];
    return payments.sort((a, b) => a.at.getTime() - b.at.getTime() || a.id.localeCompare(b.id)).map(({ id: _id, ...payment }) => payment);
  }
}

export type EarningsRepository = ReturnType<typeof createEarningsRepository>;
