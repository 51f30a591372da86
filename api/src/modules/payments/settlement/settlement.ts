import { randomBytes } from 'node:crypto';
import type { PaymentGateway } from '@kalike/shared/domain/payment-values';
import { orderLifecycle } from '@kalike/shared/domain/order-lifecycle';
import { financialYear, receiptNumber } from '../money';
import { istDateKey } from '@kalike/shared/format/dates';
import { appendedDates, packLength } from '../class-packs/pack-dates';
import { closeAsksBeyondLimit } from './pack-limit';
import { replacePack } from '../class-packs/pack-moves';
import type { CouponRow } from '../discounts/discounts.repository';
import { postLedgerEvent, type BoughtPack, type ReplacedPack } from '../ledger/ledger-postings';
import { packNotice } from '../class-packs/pack-notices';
import { classPackMove, orderMove } from '../lifecycle-moves';
import { isLapsed } from '../orders/order-rules';
import type { OrderRow } from '../orders/orders.repository';
import type { PaymentsQueries } from '../payments.repository';

export interface SettlementDeps {
  now: () => Date;
}

export interface CapturedPayment {
  gateway: PaymentGateway;
  gatewayOrderId: string;
  gatewayPaymentId: string;
  /** What the gateway says it captured; verify does not know and takes the order's total. */
  amountPaise?: number;
  method?: string | null;
  source: 'verify' | 'webhook';
}

export type HeldReason = 'expired' | 'already_paid' | 'amount_mismatch' | 'coupon_used_up';

export type CreditOutcome =
  | { kind: 'unknown_order' }
  | { kind: 'paid' | 'replay'; orderId: string }
  /** The money is on the ledger as credit; the order did not get what it was for. */
  | { kind: 'held'; orderId: string; reason: HeldReason };

const heldWords: Record<HeldReason, string> = {
  already_paid: 'was already paid',
  expired: 'had expired',
  amount_mismatch: 'was for another amount',
  coupon_used_up: 'could no longer have its coupon',
};

/** The place of the student the order is for in the batch: the one they have, else a seat taken now (null when full). */
async function placeFor(tx: PaymentsQueries, order: OrderRow, batchId: string, at: Date): Promise<string | null> {
  const existing = await tx.places.findOfStudentInBatch(order.learner_account_id, batchId, order.student_id);
  if (existing) return existing.id;
  // A batch that ended meanwhile takes nobody: the money is kept as credit, as when it is full.
  if ((await tx.batches.hasEnded(batchId, at)) || !(await tx.places.takeSeat(batchId, at))) return null;
  return tx.places.addPaid({ batchId, learnerAccountId: order.learner_account_id, studentId: order.student_id, at });
}

/** A pack born with its order goes to the place the payment ended in; with no place it cannot be used and expires. */
async function deliverPack(tx: PaymentsQueries, packId: string, batchStudentId: string | null, at: Date): Promise<string | null> {
  if (batchStudentId) {
    await tx.packs.givePlace(packId, batchStudentId);
    return packId;
  }
  await tx.packs.expirePending([packId], at);
  return null;
}

/** Where the order's money goes: its place and pack, and what a request or link it pays becomes. */
async function deliverTo(tx: PaymentsQueries, order: OrderRow, at: Date): Promise<{ batchStudentId: string | null; packId: string | null }> {
  let batchStudentId = order.batch_student_id;
  let packId = order.batch_student_plan_id;
  if (batchStudentId) await tx.places.lock(batchStudentId);
  if (order.purpose === 'payment_request' && order.payment_request_id) {
    const request = await tx.requests.find(order.payment_request_id);
    // Paying to join a batch gives the place to the student the order was made for, when a
    // seat is free; the money is recorded either way, and without a seat the teacher sorts
    // the place out (a pack it bought then stays unpaid and expires).
    if (request && !batchStudentId) batchStudentId = await placeFor(tx, order, request.batch_id, at);
    if (packId) packId = await deliverPack(tx, packId, batchStudentId, at);
    await tx.requests.complete(order.payment_request_id, order.id, at);
  }
  if (order.purpose === 'payment_link' && order.payment_link_id) await tx.links.markPaid(order.payment_link_id, at);
  return { batchStudentId, packId };
}

/**
 * The pack the order bought becomes active on its place, replacing the one a plan change
 * leaves; answers what the ledger is to book for both.
 */
async function activatePack(
  tx: PaymentsQueries,
  order: OrderRow,
  { batchStudentId, packId }: { batchStudentId: string; packId: string },
  at: Date,
): Promise<{ replaced: ReplacedPack | null; bought: BoughtPack | null }> {
  const pack = await tx.packs.find(packId);
  if (!pack) return { replaced: null, bought: null };
  let replaced: ReplacedPack | null = null;
  if (order.purpose === 'change_plan' && order.previous_plan_id) {
    const previous = await tx.packs.find(order.previous_plan_id);
    // The credit is taken again now: classes used since the order was made are not credited.
    if (previous) replaced = await replacePack(tx, previous, at);
  }
  // What the pack was bought with: the price after discounts, paid in money and credit.
  const pricePaid = order.purpose === 'change_plan' ? pack.price_paise : order.total_paise + order.credit_paise;
  // Paid while another pack is in use or waiting, it queues behind the last one held.
  const dates = appendedDates(await tx.packs.findOf(batchStudentId), packLength(pack), istDateKey(at));
  await tx.packs.update(pack.id, {
    status: classPackMove('pay', pack.status),
    paid_paise: pricePaid,
    valid_from: dates.validFrom,
    valid_until: dates.validUntil,
    updated_at: at,
  });
  // A held or enrolled place becomes active with the pack that pays for it.
  await tx.places.activateWithPack(batchStudentId, at);
  // Paid behind another pack: the family hears it waits its turn.
  if (dates.validFrom > istDateKey(at)) await noticeQueued(tx, batchStudentId, pack.id, at);
  return { replaced, bought: { packId: pack.id, planName: pack.plan_name, classesTotal: pack.classes_total, pricePaidPaise: pricePaid } };
}

async function noticeQueued(tx: PaymentsQueries, batchStudentId: string, packId: string, at: Date): Promise<void> {
  const place = await tx.places.find(batchStudentId);
  if (place) await tx.notifications.notify(packNotice('pack.queued', place, packId, at));
}

/**
 * The payment's notices, in its transaction: the family's receipt is ready, and the teacher hears
 * what came in. A payment that gave no money to a teacher (all from credit) still has its receipt.
 */
async function noticePayment(tx: PaymentsQueries, order: OrderRow, at: Date): Promise<void> {
  const payee = await tx.payees.findPayee(order.id);
  if (!payee) return;
  await tx.notifications.notify({
    kind: 'receipt.ready',
    userId: payee.learner_user_id,
    params: { amountPaise: order.total_paise, teacherName: payee.teacher_name },
    eventKey: `receipt.ready:${order.id}`,
    at,
  });
  if (!payee.teacher_user_id || order.total_paise <= 0) return;
  await tx.notifications.notify({
    kind: 'teach.payment_received',
    userId: payee.teacher_user_id,
    params: { amountPaise: order.total_paise, learnerName: payee.learner_name.trim() || 'A family', programName: payee.program_name ?? 'your payment link' },
    eventKey: `teach.payment_received:${order.id}`,
    at,
  });
}

/**
 * Everything a paid order is for, in the payment's transaction. `paymentId` is null for an
 * order paid entirely from credit on the ledger.
 */
async function fulfilOrder(
  tx: PaymentsQueries,
  order: OrderRow,
  { paymentId, gatewayPaymentId }: { paymentId: string | null; gatewayPaymentId: string | null },
  at: Date,
): Promise<void> {
  // Refused before anything is written, receipt number included.
  const paid = orderMove('pay', order.status);
  const receipt = receiptNumber(financialYear(at), await tx.orders.nextReceiptSequence(financialYear(at)));
  const { batchStudentId, packId } = await deliverTo(tx, order, at);
  const receiptToken = randomBytes(24).toString('base64url');
  await tx.orders.update(order.id, {
    status: paid,
    paid_at: at,
    receipt_number: receipt,
    receipt_token: receiptToken,
    last_outcome: 'success',
    failure_reason: null,
    batch_student_id: batchStudentId,
    batch_student_plan_id: packId,
    updated_at: at,
  });
  const { replaced, bought } = packId && batchStudentId ? await activatePack(tx, order, { batchStudentId, packId }, at) : { replaced: null, bought: null };
  await postLedgerEvent(tx, {
    kind: 'order_paid',
    learnerAccountId: order.learner_account_id,
    batchStudentId,
    orderId: order.id,
    paymentId,
    gatewayPaymentId,
    receiptNumber: receipt,
    totalPaise: order.total_paise,
    creditPaise: order.credit_paise,
    replaced,
    pack: bought,
    at,
  });
  // Once the pack's classes are on the ledger, the other ways to buy one close if the place is full.
  if (bought && batchStudentId) await closeAsksBeyondLimit(tx, batchStudentId, at);
  if (order.coupon_id) {
    await tx.discounts.insertRedemption({
      couponId: order.coupon_id,
      orderId: order.id,
      learnerAccountId: order.learner_account_id,
      discountPaise: order.coupon_discount_paise,
      at,
    });
  }
  await noticePayment(tx, order, at);
}

/**
 * The order reserved its coupon use when it was made; the use is written when it is paid,
 * checked again here under the coupon's lock. Only a limit lowered while the order waited
 * can make this true: the payment then pays nothing and is kept as credit, so the coupon is
 * never used more often than it allows and the learner never pays another amount than shown.
 */
async function couponUsedUp(tx: PaymentsQueries, coupon: CouponRow, order: OrderRow): Promise<boolean> {
  if (coupon.max_uses_total === null && coupon.max_uses_per_learner === null) return false;
  const { total, byLearner } = await tx.discounts.countRedemptions(coupon.id, order.learner_account_id, order.id);
  return (
    (coupon.max_uses_total !== null && total >= coupon.max_uses_total) || (coupon.max_uses_per_learner !== null && byLearner >= coupon.max_uses_per_learner)
  );
}

async function recordFailure(tx: PaymentsQueries, input: { gateway: PaymentGateway; gatewayOrderId: string; reason: string }, at: Date): Promise<boolean> {
  const order = await tx.orders.lockByGatewayId(input.gateway, input.gatewayOrderId);
  if (!order || order.status === 'paid') return false;
  await tx.orders.update(order.id, {
    // A failure after the order expired leaves it expired.
    ...(orderLifecycle.can('attempt', order.status) ? { status: orderMove('attempt', order.status) } : {}),
    last_outcome: 'failure',
    failure_reason: input.reason.slice(0, 500),
    updated_at: at,
  });
  return true;
}

/**
 * The one way an order becomes paid, whichever way the money came: the browser's verify, the
 * gateway's webhook (the sandbox's too), or the learner's credit covering it all at checkout.
 * It marks the order paid, delivers what it was for, and tells the ledger what happened as a
 * domain event; the ledger module builds the rows.
 */
export function createSettlement({ now }: SettlementDeps) {
  /**
   * Books a captured payment exactly once, whether verify or the webhook brings it first: the
   * order row is locked, and a payment already recorded answers as a replay. A payment whose
   * order can no longer take it (lapsed, or paid by another payment) is still recorded and its
   * money kept on the ledger as credit: the learner is never charged without a trace.
   */
  async function creditPayment(tx: PaymentsQueries, input: CapturedPayment): Promise<CreditOutcome> {
    // Coupon rows are locked before order rows everywhere (checkout locks the coupon, then
    // replaces orders), so the order's coupon is locked first here.
    const couponId = await tx.orders.findCouponId(input.gateway, input.gatewayOrderId);
    const coupon = couponId ? await tx.discounts.lockCoupon(couponId) : undefined;
    const order = await tx.orders.lockByGatewayId(input.gateway, input.gatewayOrderId);
    if (!order) return { kind: 'unknown_order' };
    const existing = await tx.orders.findPaymentByGatewayId(input.gatewayPaymentId);
    if (existing) {
      if (existing.order_id !== order.id) return { kind: 'unknown_order' };
      return existing.held_reason ? { kind: 'held', orderId: order.id, reason: existing.held_reason as HeldReason } : { kind: 'replay', orderId: order.id };
    }
    const at = now();
    const amountPaise = input.amountPaise ?? order.total_paise;
    const held: HeldReason | null =
      order.status === 'paid'
        ? 'already_paid'
        : isLapsed(order, at)
          ? 'expired'
          : amountPaise !== order.total_paise
            ? 'amount_mismatch'
            : coupon && (await couponUsedUp(tx, coupon, order))
              ? 'coupon_used_up'
              : null;
    const paymentId = await tx.orders.insertPayment({
      order_id: order.id,
      gateway: input.gateway,
      gateway_payment_id: input.gatewayPaymentId,
      status: 'captured',
      amount_paise: amountPaise,
      method: input.method ?? null,
      held_reason: held,
      source: input.source,
      created_at: at,
    });
    if (!held) {
      await fulfilOrder(tx, order, { paymentId, gatewayPaymentId: input.gatewayPaymentId }, at);
      return { kind: 'paid', orderId: order.id };
    }
    await postLedgerEvent(tx, {
      kind: 'payment_kept_as_credit',
      learnerAccountId: order.learner_account_id,
      batchStudentId: order.batch_student_id,
      orderId: order.id,
      paymentId,
      gatewayPaymentId: input.gatewayPaymentId,
      amountPaise,
      why: heldWords[held],
      at,
    });
    if (held === 'expired' && order.status !== 'expired') {
      await tx.orders.update(order.id, { status: orderMove('expire', order.status), updated_at: at });
      if (order.batch_student_plan_id) await tx.packs.expirePending([order.batch_student_plan_id], at);
    }
    return { kind: 'held', orderId: order.id, reason: held };
  }

  return {
    fulfil: (tx: PaymentsQueries, order: OrderRow, paymentId: string | null, gatewayPaymentId: string | null, at: Date) =>
      fulfilOrder(tx, order, { paymentId, gatewayPaymentId }, at),
    creditPayment,
    recordFailure: (tx: PaymentsQueries, input: { gateway: PaymentGateway; gatewayOrderId: string; reason: string }) => recordFailure(tx, input, now()),
  };
}

export type Settlement = ReturnType<typeof createSettlement>;
