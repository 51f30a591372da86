import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { CreditNotesTable, Database, RefundsTable } from '../../../db/schema';
import { selectBatchesWithTeacher } from '../../../shared/batch-context';

export type RefundRow = Selectable<RefundsTable>;
export type CreditNoteRow = Selectable<CreditNotesTable>;

export interface CreditNoteDocumentRow extends CreditNoteRow {
  invoice_paid_at: Date | null;
  payer_name: string;
  student_name: string | null;
  reason: string;
  gateway_refund_id: string | null;
}

/** The paid order a pack was bought with, with its captured payment when money paid it. */
export interface PaidOrderRow {
  order_id: string;
  receipt_number: string | null;
  paid_at: Date | null;
  total_paise: number;
  taxable_paise: number;
  payment_id: string | null;
  gateway: 'sandbox' | 'razorpay' | 'ledger';
  gateway_payment_id: string | null;
  captured_paise: number | null;
}

/** Refunds, their credit notes and numbers. */
export function refundQueries(db: Kysely<Database>) {
  return {
    async insert(values: Insertable<RefundsTable>): Promise<RefundRow> {
      return db.insertInto('refunds').values(values).returningAll().executeTakeFirstOrThrow();
    },

    find(id: string): Promise<RefundRow | undefined> {
      return db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Locks a refund until the transaction ends, so two answers about it are applied one after the other. */
    lock(id: string): Promise<RefundRow | undefined> {
      return db.selectFrom('refunds').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    lockByGatewayId(gateway: 'sandbox' | 'razorpay', gatewayRefundId: string): Promise<RefundRow | undefined> {
      return db
        .selectFrom('refunds')
        .selectAll()
        .where('gateway', '=', gateway)
        .where('gateway_refund_id', '=', gatewayRefundId)
        .forUpdate()
        .executeTakeFirst();
    },

    /** The refunds one call made, found again by its key (the part kept as credit has its own key beside it). */
    findByKeys(keys: readonly string[]): Promise<RefundRow[]> {
      if (keys.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('refunds')
        .selectAll()
        .where('idempotency_key', 'in', [...keys])
        .orderBy('created_at')
        .orderBy('method', 'desc')
        .execute();
    },

    async update(id: string, changes: Updateable<RefundsTable>): Promise<void> {
      await db.updateTable('refunds').set(changes).where('id', '=', id).execute();
    },

    /** Refunds still waiting for the gateway that were recorded before `before`, oldest first. */
    async findPendingIds(before: Date, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('refunds')
        .select('id')
        .where('status', '=', 'pending')
        .where('created_at', '<', before)
        .orderBy('created_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    findOfPlace(batchStudentId: string, reasonKind: RefundRow['reason_kind']): Promise<RefundRow[]> {
      return db
        .selectFrom('refunds')
        .selectAll()
        .where('batch_student_id', '=', batchStudentId)
        .where('reason_kind', '=', reasonKind)
        .orderBy('created_at')
        .execute();
    },

    findOfLearner(learnerAccountId: string): Promise<RefundRow[]> {
      return db.selectFrom('refunds').selectAll().where('learner_account_id', '=', learnerAccountId).orderBy('created_at', 'desc').execute();
    },

    /** Money of a payment already sent back or on its way (failed refunds went back as credit instead). */
    async refundedOfPayment(paymentId: string): Promise<number> {
      const row = await db
        .selectFrom('refunds')
        .select(sql<number>`coalesce(sum(amount_paise), 0)::int`.as('total'))
        .where('payment_id', '=', paymentId)
        .where('method', '=', 'original')
        .where('status', '!=', 'failed')
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },
  };
}

/** GST credit notes and their numbers. */
export function creditNoteQueries(db: Kysely<Database>) {
  return {
    /** The next credit note number of the financial year; the row locks, so numbers never repeat or skip. */
    async nextCreditNoteSequence(financialYear: string): Promise<number> {
      const row = await db
        .insertInto('credit_note_sequences')
        .values({ financial_year: financialYear, last_number: 1 })
        .onConflict((oc) => oc.column('financial_year').doUpdateSet((eb) => ({ last_number: eb('credit_note_sequences.last_number', '+', 1) })))
        .returning('last_number')
        .executeTakeFirstOrThrow();
      return row.last_number;
    },

    async insertCreditNote(values: Insertable<CreditNotesTable>): Promise<CreditNoteRow> {
      return db.insertInto('credit_notes').values(values).returningAll().executeTakeFirstOrThrow();
    },

    findCreditNotes(refundIds: readonly string[]): Promise<CreditNoteRow[]> {
      if (refundIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('credit_notes')
        .selectAll()
        .where('refund_id', 'in', [...refundIds])
        .execute();
    },

    /** A credit note with what it prints: the payer, the student, the invoice's date and why the money went back. */
    findCreditNoteDocument(token: string): Promise<CreditNoteDocumentRow | undefined> {
      return db
        .selectFrom('credit_notes as cn')
        .innerJoin('refunds as r', 'r.id', 'cn.refund_id')
        .innerJoin('orders as o', 'o.id', 'cn.order_id')
        .innerJoin('learner_accounts as la', 'la.id', 'r.learner_account_id')
        .leftJoin('students as s', 's.id', 'o.student_id')
        .selectAll('cn')
        .select(['o.paid_at as invoice_paid_at', 'la.name as payer_name', 's.name as student_name', 'r.reason', 'r.gateway_refund_id'])
        .where('cn.token', '=', token)
        .executeTakeFirst();
    },
  };
}

/** What refunds go back to: the paid order of a pack, its tax invoice and the gateway's payment. */
export function refundSourceQueries(db: Kysely<Database>) {
  return {
    /** The paid order that bought a pack, with the payment that paid it (none when credit paid it all). */
    paidOrderOfPack(packId: string): Promise<PaidOrderRow | undefined> {
      return db
        .selectFrom('orders as o')
        .leftJoin('payments as p', (join) => join.onRef('p.order_id', '=', 'o.id').on('p.status', '=', 'captured').on('p.held_reason', 'is', null))
        .select([
          'o.id as order_id',
          'o.receipt_number',
          'o.paid_at',
          'o.total_paise',
          'o.taxable_paise',
          'p.id as payment_id',
          'o.gateway',
          'p.gateway_payment_id',
          'p.amount_paise as captured_paise',
        ])
        .where('o.batch_student_plan_id', '=', packId)
        .where('o.status', '=', 'paid')
        .executeTakeFirst();
    },

    /** The tax invoice an order's payment was given: its number, and whether it was taxed. */
    invoiceOfOrder(orderId: string): Promise<{ receipt_number: string | null; taxable_paise: number; total_paise: number } | undefined> {
      return db.selectFrom('orders').select(['receipt_number', 'taxable_paise', 'total_paise']).where('id', '=', orderId).executeTakeFirst();
    },

    /** The teacher whose batch it is, or undefined for no such batch. */
    async teacherOfBatch(batchId: string): Promise<string | undefined> {
      const row = await selectBatchesWithTeacher(db).select('t.id').where('b.id', '=', batchId).executeTakeFirst();
      return row?.id;
    },

    /** The gateway's id of the payment a refund goes back to. */
    async gatewayPaymentIdOf(paymentId: string): Promise<string | null> {
      const row = await db.selectFrom('payments').select('gateway_payment_id').where('id', '=', paymentId).executeTakeFirst();
      return row?.gateway_payment_id ?? null;
    },
  };
}
