import { type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { OrderPurpose, PaymentGateway } from '@kalike/shared/domain/payment-values';
import { orderStatusesHoldingDiscounts } from '@kalike/shared/domain/order-lifecycle';
import type { Database, OrdersTable, PaymentsTable } from '../../../db/schema';

export type OrderRow = Selectable<OrdersTable>;
export type PaymentRow = Selectable<PaymentsTable>;

/** An order with the names its receipt shows. */
export interface OrderViewRow extends OrderRow {
  payer_name: string;
  coupon_code: string | null;
  coupon_description: string | null;
  referral_code: string | null;
}

/** What an order is for; a newer order for the same thing replaces one still waiting for payment. */
export interface OrderTarget {
  purposes: readonly OrderPurpose[];
  batchStudentId?: string | null;
  paymentLinkId?: string | null;
  paymentRequestId?: string | null;
}

/** An order with the names its receipt shows. */
const selectOrderViews = (db: Kysely<Database>) =>
  db
    .selectFrom('orders as o')
    .innerJoin('learner_accounts as la', 'la.id', 'o.learner_account_id')
    .leftJoin('coupons as c', 'c.id', 'o.coupon_id')
    .leftJoin('referral_codes as r', 'r.id', 'o.referral_code_id')
    .selectAll('o')
    .select(['la.name as payer_name', 'c.code as coupon_code', 'c.description as coupon_description', 'r.code as referral_code']);

/** Orders: placed, found, locked and paid. */
export function orderQueries(db: Kysely<Database>) {
  return {
    findByKey(learnerAccountId: string, idempotencyKey: string): Promise<OrderRow | undefined> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('learner_account_id', '=', learnerAccountId)
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
    },

    findView(id: string): Promise<OrderViewRow | undefined> {
      return selectOrderViews(db).where('o.id', '=', id).executeTakeFirst();
    },

    /** A paid order by the capability in its receipt link. */
    findViewByReceiptToken(token: string): Promise<OrderViewRow | undefined> {
      return selectOrderViews(db).where('o.receipt_token', '=', token).where('o.status', '=', 'paid').executeTakeFirst();
    },

    /** By the gateway's order id; an order still being opened has none yet, so it is never found this way. */
    findViewByGatewayId(gateway: PaymentGateway, gatewayOrderId: string): Promise<OrderViewRow | undefined> {
      return selectOrderViews(db)
        .where('o.gateway', '=', gateway)
        .where('o.gateway_order_id', '=', gatewayOrderId)
        .where('o.status', '<>', 'creating')
        .executeTakeFirst();
    },

    /** Which coupon an order holds, read without a lock: coupon rows are locked before order rows. */
    async findCouponId(gateway: PaymentGateway, gatewayOrderId: string): Promise<string | null> {
      const row = await db
        .selectFrom('orders')
        .select('coupon_id')
        .where('gateway', '=', gateway)
        .where('gateway_order_id', '=', gatewayOrderId)
        .where('status', '<>', 'creating')
        .executeTakeFirst();
      return row?.coupon_id ?? null;
    },

    lock(id: string): Promise<OrderRow | undefined> {
      return db.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    /** An order whose gateway order could not be opened: nobody saw it, so nothing of it is kept. */
    async deleteCreating(id: string): Promise<void> {
      const row = await db.deleteFrom('orders').where('id', '=', id).where('status', '=', 'creating').returning('batch_student_plan_id').executeTakeFirst();
      if (row?.batch_student_plan_id) {
        await db.deleteFrom('batch_student_plans').where('id', '=', row.batch_student_plan_id).where('status', '=', 'pending_payment').execute();
      }
    },

    lockByGatewayId(gateway: PaymentGateway, gatewayOrderId: string): Promise<OrderRow | undefined> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('gateway', '=', gateway)
        .where('gateway_order_id', '=', gatewayOrderId)
        .where('status', '<>', 'creating')
        .forUpdate()
        .executeTakeFirst();
    },

    async insert(values: Insertable<OrdersTable>): Promise<void> {
      await db.insertInto('orders').values(values).execute();
    },

    async update(id: string, changes: Updateable<OrdersTable>): Promise<void> {
      await db.updateTable('orders').set(changes).where('id', '=', id).execute();
    },
  };
}

export type OrderQueries = ReturnType<typeof orderQueries>;

/** Orders that can no longer be paid: replaced by a newer checkout, lapsed, or for a withdrawn request. */
export function orderLapseQueries(db: Kysely<Database>) {
  return {
    /** Marks the learner's unpaid orders for the same thing expired; returns their pending packs. */
    async supersedeOpen(learnerAccountId: string, target: OrderTarget, at: Date): Promise<string[]> {
      let query = db
        .updateTable('orders')
        .set({ status: 'expired', updated_at: at })
        .where('learner_account_id', '=', learnerAccountId)
        .where('status', 'in', [...orderStatusesHoldingDiscounts])
        .where('purpose', 'in', [...target.purposes]);
      if (target.batchStudentId !== undefined) query = query.where('batch_student_id', target.batchStudentId === null ? 'is' : '=', target.batchStudentId);
      if (target.paymentLinkId) query = query.where('payment_link_id', '=', target.paymentLinkId);
      if (target.paymentRequestId) query = query.where('payment_request_id', '=', target.paymentRequestId);
      const rows = await query.returning('batch_student_plan_id').execute();
      return rows.flatMap((row) => (row.batch_student_plan_id ? [row.batch_student_plan_id] : []));
    },

    /**
     * Unpaid orders past their window (and grace), and orders whose gateway order was not opened
     * by `creatingBefore` (the process stopped between the steps); rows another sweep holds are skipped.
     */
    lockLapsed(
      before: Date,
      creatingBefore: Date,
      learnerAccountId: string | undefined,
      limit: number,
    ): Promise<{ id: string; batch_student_plan_id: string | null }[]> {
      let query = db
        .selectFrom('orders')
        .select(['id', 'batch_student_plan_id'])
        .where((eb) =>
          eb.or([
            eb.and([eb('status', 'in', ['created', 'attempted']), eb('expires_at', '<=', before)]),
            eb.and([eb('status', '=', 'creating'), eb('created_at', '<=', creatingBefore)]),
          ]),
        );
      if (learnerAccountId) query = query.where('learner_account_id', '=', learnerAccountId);
      return query.orderBy('expires_at').orderBy('id').limit(limit).forUpdate().skipLocked().execute();
    },

    async expire(ids: readonly string[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('orders')
        .set({ status: 'expired', updated_at: at })
        .where('id', 'in', [...ids])
        .execute();
    },

    /**
     * A cancelled request can no longer be paid: its unpaid orders (any family's checkout still
     * open) expire, so money arriving for one later is kept as the payer's credit, as for any
     * expired order. Answers the packs those orders would have bought, for the caller to expire.
     */
    async expireOpenOfRequest(id: string, at: Date): Promise<string[]> {
      const rows = await db
        .updateTable('orders')
        .set({ status: 'expired', updated_at: at })
        .where('payment_request_id', '=', id)
        .where('status', 'in', [...orderStatusesHoldingDiscounts])
        .returning('batch_student_plan_id')
        .execute();
      return rows.flatMap((row) => (row.batch_student_plan_id ? [row.batch_student_plan_id] : []));
    },
  };
}

/** The money gateways captured for orders, receipt numbers and the webhook events already seen. */
export function orderPaymentQueries(db: Kysely<Database>) {
  return {
    findPaymentByGatewayId(gatewayPaymentId: string): Promise<PaymentRow | undefined> {
      return db.selectFrom('payments').selectAll().where('gateway_payment_id', '=', gatewayPaymentId).executeTakeFirst();
    },

    /** The payment that paid an order (not one held as credit). */
    findCapturedPayment(orderId: string): Promise<PaymentRow | undefined> {
      return db
        .selectFrom('payments')
        .selectAll()
        .where('order_id', '=', orderId)
        .where('status', '=', 'captured')
        .where('held_reason', 'is', null)
        .executeTakeFirst();
    },

    async insertPayment(values: Insertable<PaymentsTable>): Promise<string> {
      const row = await db.insertInto('payments').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /** The next number of the financial year; rows lock, so numbers never repeat or skip. */
    async nextReceiptSequence(financialYear: string): Promise<number> {
      const row = await db
        .insertInto('receipt_sequences')
        .values({ financial_year: financialYear, last_number: 1 })
        .onConflict((oc) => oc.column('financial_year').doUpdateSet((eb) => ({ last_number: eb('receipt_sequences.last_number', '+', 1) })))
        .returning('last_number')
        .executeTakeFirstOrThrow();
      return row.last_number;
    },

    /** Stores a gateway event once; false when the event id was seen before. */
    async recordWebhookEvent(values: { gateway: PaymentGateway; eventId: string; eventType: string; payload: string; at: Date }): Promise<boolean> {
      const row = await db
        .insertInto('webhook_events')
        .values({
          gateway: values.gateway,
          event_id: values.eventId,
          event_type: values.eventType,
          received_at: values.at,
          processed_at: values.at,
          payload: values.payload,
        })
        .onConflict((oc) => oc.columns(['gateway', 'event_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return Boolean(row);
    },
  };
}
