import { istDateKey } from '@kalike/shared/format/dates';
import { randomBytes, randomUUID } from 'node:crypto';
import { formatPaise } from '@kalike/shared/format/money';
import type { CheckoutOrder, OrderStatusResponse, PriceBreakdown, Receipt, VerifyPaymentBody } from '@kalike/shared/contracts/payments';
import { orderValidityMinutes, type OrderPurpose, type OrderStatus, type PaymentGateway } from '@kalike/shared/format/payment-values';
import type { InvoiceSupplier } from '../../../config';
import type { AuthUser } from '../../../plugins/auth';
import { DomainError } from '../../../shared/domain-error';
import { keyReused, requireIdempotencyKey } from '../../../shared/idempotency';
import type { PackRow } from '../class-packs/class-packs.repository';
import type { PaymentGatewayAdapter } from '../gateway/payment-gateway';
import { creditForPack, payingLearners, toBatchStudentPlan } from '../class-packs/packs';
import { financialYear, packValidity, receiptNumber } from '../money';
import { receiptPdfPath, taxInvoiceOf } from '../receipts/tax-invoice';
import { renderReceiptPdf } from '../receipts/receipt-pdf';
import type { PaymentsQueries, PaymentsRepository } from '../payments.repository';
import type { CouponRow } from '../discounts/discounts.repository';
import type { OrderRow, OrderTarget, OrderViewRow } from './orders.repository';

/** A payment made at the last second of its order's window is still honoured for this long. */
export const ORDER_GRACE_MS = 5 * 60_000;
const ORDER_VALIDITY_MS = orderValidityMinutes * 60_000;
/**
 * An order still `creating` after this was left by a process that stopped between recording it
 * and opening its gateway order; the sweep expires it. Well above the gateway's own time-out,
 * so a slow but successful call is never overtaken.
 */
export const CREATING_ORDER_STALE_MS = 2 * 60_000;
/** How long a replay waits for an order being opened before it answers 409 CHECKOUT_IN_PROGRESS. */
const REPLAY_WAIT_MS = 1_500;
const REPLAY_POLL_MS = 100;
/** The stand-in gateway order id of an order whose gateway order is not opened yet. */
const NOT_YET_OPENED = 'creating_';
const EXPIRY_BATCH = 500;

export interface OrdersServiceDeps {
  repository: PaymentsRepository;
  gateway: PaymentGatewayAdapter;
  now: () => Date;
  /** Who issues the receipts (tax invoices). */
  supplier: InvoiceSupplier;
  /** Origin of the web site, for the receipt link texted when a payment is booked. */
  publicSiteUrl: string;
}

/** What a new order charges and for what; built by the module that sells it, inside the learner's transaction. */
export interface OrderDraft {
  purpose: OrderPurpose;
  batchStudentId: string | null;
  price: PriceBreakdown;
  description: string;
  couponId?: string | null;
  referralCodeId?: string | null;
  previousPlanId?: string | null;
  /** A class pack bought by this order, created as pending_payment. */
  pack?: { classPackPlanId: string; classesTotal: number; pricePaise: number; validityDays: number };
  paymentLinkId?: string | null;
  paymentRequestId?: string | null;
  /** Unpaid orders of the learner for the same thing, replaced by this one. */
  supersedes: OrderTarget;
}

/** What an earlier call with the same key left behind. */
export type KeyUse = { order: OrderRow; pack?: undefined } | { order?: undefined; pack: PackRow & { request_hash: string | null } };

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

const iso = (value: Date | string): string => new Date(value).toISOString();

const heldWords: Record<HeldReason, string> = {
  already_paid: 'was already paid',
  expired: 'had expired',
  amount_mismatch: 'was for another amount',
  coupon_used_up: 'could no longer have its coupon',
};

/**
 * A replayed key that created an order answers with that order (200). Only a plan change
 * switched at once uses a key without an order; reusing such a key for a payment is refused.
 */
export function replayCheckout({ order }: KeyUse): { statusCode: 200; orderId: string } {
  if (!order) throw new DomainError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a plan change', 422);
  return { statusCode: 200, orderId: order.id };
}

/** Why a genuine payment did not pay its order, each with its own code; the money is on the ledger as credit. */
function heldPaymentError(reason: HeldReason): DomainError {
  switch (reason) {
    case 'expired':
      return new DomainError('ORDER_EXPIRED', 'The order had expired before this payment arrived; the amount is kept as credit on your account', 409);
    case 'already_paid':
      return new DomainError('ORDER_ALREADY_PAID', 'The order was already paid by another payment; this amount is kept as credit on your account', 409);
    case 'amount_mismatch':
      return new DomainError(
        'PAYMENT_AMOUNT_MISMATCH',
        "The amount paid differs from the order's total, so it did not pay for the order; the amount is kept as credit on your account",
        409,
      );
    case 'coupon_used_up':
      return new DomainError(
        'COUPON_USED_UP',
        "The order's coupon was used up before this payment arrived, so it did not pay for the order; the amount is kept as credit on your account",
        409,
      );
  }
}

export const checkoutInProgress = () =>
  new DomainError('CHECKOUT_IN_PROGRESS', 'This checkout is still being opened with the payment gateway; try again in a moment', 409, { retryAfterSeconds: 1 });

export const orderNotFound = () => new DomainError('ORDER_NOT_FOUND', 'No such order on your account', 404);

function priceOf(row: OrderViewRow): PriceBreakdown {
  return {
    basePaise: row.base_paise,
    couponDiscountPaise: row.coupon_discount_paise,
    referralDiscountPaise: row.referral_discount_paise,
    creditPaise: row.credit_paise,
    totalPaise: row.total_paise,
    taxablePaise: row.taxable_paise,
    cgstPaise: row.cgst_paise,
    sgstPaise: row.sgst_paise,
    coupon: row.coupon_code ? { code: row.coupon_code, description: row.coupon_description ?? '' } : null,
    referralCode: row.referral_code_id ? row.referral_code : null,
  };
}

/** An unpaid order can be paid until its deadline, plus the grace for a payment in flight. */
export function isLapsed(order: Pick<OrderRow, 'status' | 'expires_at'>, at: Date): boolean {
  if (order.status === 'paid') return false;
  return order.status === 'expired' || at.getTime() >= new Date(order.expires_at).getTime() + ORDER_GRACE_MS;
}

export function createOrdersService({ repository, gateway, now, supplier, publicSiteUrl }: OrdersServiceDeps) {
  function statusOf(row: OrderRow, at: Date): OrderStatus {
    return row.status !== 'paid' && at.getTime() >= new Date(row.expires_at).getTime() ? 'expired' : row.status;
  }

  function toCheckoutOrder(row: OrderViewRow, at: Date): CheckoutOrder {
    // An order whose gateway order was never opened has nothing to pay.
    let live = row.gateway === gateway.name && !row.gateway_order_id.startsWith(NOT_YET_OPENED);
    // Paid from credit on the ledger: there is no gateway to open.
    if (row.gateway === 'ledger') live = false;
    return {
      orderId: row.id,
      purpose: row.purpose,
      status: statusOf(row, at),
      gateway: row.gateway,
      gatewayOrderId: row.gateway_order_id,
      keyId: live ? gateway.keyId : row.gateway === 'sandbox' || row.gateway === 'ledger' ? row.gateway : '',
      amountPaise: row.total_paise,
      currency: 'INR',
      price: priceOf(row),
      description: row.description,
      checkoutUrl: live ? gateway.checkoutUrl(row.gateway_order_id) : null,
      expiresAt: iso(row.expires_at),
    };
  }

  async function receiptOf(row: OrderViewRow, at: Date): Promise<Receipt | null> {
    if (row.status !== 'paid' || !row.receipt_number || !row.paid_at) return null;
    const [payment, batchStudent, pack] = await Promise.all([
      repository.findCapturedPayment(row.id),
      row.batch_student_id ? repository.findBatchStudent(row.batch_student_id) : undefined,
      row.batch_student_plan_id ? repository.findPack(row.batch_student_plan_id) : undefined,
    ]);
    const link = row.payment_link_id ? await repository.findPaymentLink(row.payment_link_id) : undefined;
    const request = row.payment_request_id ? await repository.findPaymentRequest(row.payment_request_id) : undefined;
    const price = priceOf(row);
    return {
      receiptNumber: row.receipt_number,
      orderId: row.id,
      paymentId: payment?.gateway_payment_id ?? '',
      paidAt: iso(row.paid_at),
      purpose: row.purpose,
      description: row.description,
      payerName: row.payer_name,
      teacherName: batchStudent?.teacher_name ?? link?.teacher_name ?? request?.teacher_name ?? null,
      // The student the money was for: the batch student's own name, else the one the request names.
      studentName: batchStudent ? (batchStudent.student_name ?? batchStudent.learner_name) : (request?.student_name ?? null),
      price,
      batchStudentId: row.batch_student_id,
      classPack: pack ? toBatchStudentPlan(pack, istDateKey(at)) : null,
      invoice: taxInvoiceOf(supplier, { invoiceNumber: row.receipt_number, paidAt: new Date(row.paid_at), price }),
      pdfPath: row.receipt_token ? receiptPdfPath(row.receipt_token) : null,
    };
  }

  async function orderStatus(orderId: string): Promise<OrderStatusResponse> {
    const at = now();
    const row = await repository.findOrderView(orderId);
    if (!row) throw orderNotFound();
    return {
      order: toCheckoutOrder(row, at),
      lastOutcome: row.last_outcome,
      failureReason: row.failure_reason,
      receipt: await receiptOf(row, at),
    };
  }

  async function checkoutOrder(orderId: string): Promise<CheckoutOrder> {
    const row = await repository.findOrderView(orderId);
    if (!row) throw orderNotFound();
    return toCheckoutOrder(row, now());
  }

  /**
   * Everything a paid order is for, in the payment's transaction. `paymentId` is null for an
   * order paid entirely from credit on the ledger.
   */
  async function fulfil(tx: PaymentsQueries, order: OrderRow, paymentId: string | null, gatewayPaymentId: string | null, at: Date): Promise<void> {
    const receipt = receiptNumber(financialYear(at), await tx.nextReceiptSequence(financialYear(at)));
    let batchStudentId = order.batch_student_id;
    let packId = order.batch_student_plan_id;
    if (batchStudentId) await tx.lockBatchStudent(batchStudentId);

    if (order.purpose === 'payment_request' && order.payment_request_id) {
      const request = await tx.findPaymentRequest(order.payment_request_id);
      // Paying to join a batch gives the place to the student the request names (the payer only
      // when it names no student of theirs) when a seat is free; the money is recorded either way,
      // and without a seat the teacher sorts the place out.
      if (request && !batchStudentId) {
        const studentId = await studentOfRequest(tx, order.learner_account_id, request);
        const existing = await tx.findStudentPlaceInBatch(order.learner_account_id, request.batch_id, studentId);
        batchStudentId =
          existing?.id ??
          ((await tx.takeSeat(request.batch_id, at)) ? await tx.insertBatchStudent({ batchId: request.batch_id, learnerAccountId: order.learner_account_id, studentId, at }) : null);
      }
      // A request for a class pack delivers that pack to that student.
      if (request?.class_pack_plan_id && batchStudentId && !packId) {
        const plan = (await tx.findPlansOfBatch(request.batch_id)).find((candidate) => candidate.id === request.class_pack_plan_id);
        if (plan) {
          packId = await tx.insertPack({
            batchStudentId,
            classPackPlanId: plan.id,
            classesTotal: plan.classes_count,
            pricePaise: plan.price_paise,
            validityDays: plan.validity_days,
            status: 'pending_payment',
            at,
          });
        }
      }
      await tx.completePaymentRequest(order.payment_request_id, order.id, at);
    }
    if (order.purpose === 'payment_link' && order.payment_link_id) await tx.markPaymentLinkPaid(order.payment_link_id, at);

    const receiptToken = randomBytes(24).toString('base64url');
    await tx.updateOrder(order.id, {
      status: 'paid',
      paid_at: at,
      receipt_number: receipt,
      receipt_token: receiptToken,
      last_outcome: 'success',
      failure_reason: null,
      batch_student_id: batchStudentId,
      batch_student_plan_id: packId,
      updated_at: at,
    });
    if (order.total_paise > 0) {
      await tx.insertEntry({
        learnerAccountId: order.learner_account_id,
        batchStudentId,
        kind: 'payment',
        amountPaise: order.total_paise,
        orderId: order.id,
        paymentId,
        description: `Payment ${gatewayPaymentId ?? ''}, receipt ${receipt}`,
        at,
      });
    }

    if (packId && batchStudentId) {
      const pack = await tx.findPack(packId);
      if (pack) {
        if (order.purpose === 'change_plan' && order.previous_plan_id) {
          const previous = await tx.findPack(order.previous_plan_id);
          // The credit is taken again now: classes used since the order was made are not credited.
          if (previous) await replacePack(tx, order.learner_account_id, batchStudentId, previous, at, { orderId: order.id, paymentId });
        }
        // What the pack was bought with: the price after discounts, paid in money and credit.
        const pricePaid = order.purpose === 'change_plan' ? pack.price_paise : order.total_paise + order.credit_paise;
        await tx.updatePack(pack.id, { status: 'active', paid_paise: pricePaid, ...packValidityColumns(at, pack.validity_days), updated_at: at });
        await tx.insertEntry({
          learnerAccountId: order.learner_account_id,
          batchStudentId,
          kind: 'class_pack_purchase',
          amountPaise: -pricePaid,
          classesDelta: pack.classes_total,
          orderId: order.id,
          paymentId,
          batchStudentPlanId: pack.id,
          description: `${pack.plan_name}: ${pack.classes_total} classes${order.credit_paise > 0 ? `, ${formatPaise(order.credit_paise)} of it from credit` : ''}`,
          at,
        });
        // A held or enrolled place becomes active with the pack that pays for it.
        await tx.activatePaidBatchStudent(batchStudentId, at);
      }
    }
    if (order.coupon_id) {
      await tx.insertRedemption({ couponId: order.coupon_id, orderId: order.id, learnerAccountId: order.learner_account_id, discountPaise: order.coupon_discount_paise, at });
    }

    // The receipt goes to the payer's phone with the payment, in the same transaction.
    const phone = await tx.findLearnerPhone(order.learner_account_id);
    if (phone) {
      const student = batchStudentId ? await tx.findBatchStudent(batchStudentId) : undefined;
      const forWhom = student ? ` for ${student.student_name ?? student.learner_name}` : '';
      await tx.enqueueMessage(
        {
          toPhone: phone,
          body: `Kalike: receipt ${receipt}, ${formatPaise(order.total_paise)} paid${forWhom}. Download: ${publicSiteUrl}${receiptPdfPath(receiptToken)}`,
          kind: 'payment.receipt',
          enquiryId: null,
        },
        at,
      );
    }
  }

  /** The request's student when they are one of the payer's students; null (the payer's own place) otherwise. */
  async function studentOfRequest(tx: PaymentsQueries, learnerAccountId: string, request: { student_id: string | null }): Promise<string | null> {
    if (!request.student_id) return null;
    return (await tx.isStudentOfLearner(learnerAccountId, request.student_id)) ? request.student_id : null;
  }

  /** Credits what is left of a pack being replaced and takes its classes back. */
  async function replacePack(
    tx: PaymentsQueries,
    learnerAccountId: string,
    batchStudentId: string,
    previous: PackRow,
    at: Date,
    refs: { orderId?: string | null; paymentId?: string | null },
  ): Promise<number> {
    const { creditPaise, classesLeft } = creditForPack(previous, istDateKey(at));
    if (creditPaise > 0 || classesLeft > 0) {
      await tx.insertEntry({
        learnerAccountId,
        batchStudentId,
        kind: 'adjustment',
        amountPaise: creditPaise,
        classesDelta: -classesLeft,
        orderId: refs.orderId ?? null,
        paymentId: refs.paymentId ?? null,
        batchStudentPlanId: previous.id,
        description: `Credit for ${classesLeft} unused ${classesLeft === 1 ? 'class' : 'classes'} of ${previous.plan_name}`,
        at,
      });
    }
    if (previous.status === 'active') await tx.updatePack(previous.id, { status: 'replaced', updated_at: at });
    return creditPaise;
  }

  /**
   * Books a captured payment exactly once, whether verify or the webhook brings it first: the
   * order row is locked, and a payment already recorded answers as a replay. A payment whose
   * order can no longer take it (lapsed, or paid by another payment) is still recorded and its
   * money kept on the ledger as credit: the learner is never charged without a trace.
   */
  async function creditPayment(tx: PaymentsQueries, input: CapturedPayment): Promise<CreditOutcome> {
    // Coupon rows are locked before order rows everywhere (checkout locks the coupon, then
    // replaces orders), so the order's coupon is locked first here.
    const couponId = await tx.findOrderCoupon(input.gateway, input.gatewayOrderId);
    const coupon = couponId ? await tx.lockCoupon(couponId) : undefined;
    const order = await tx.lockOrderByGatewayId(input.gateway, input.gatewayOrderId);
    if (!order) return { kind: 'unknown_order' };
    const existing = await tx.findPaymentByGatewayId(input.gatewayPaymentId);
    if (existing) {
      if (existing.order_id !== order.id) return { kind: 'unknown_order' };
      return existing.held_reason
        ? { kind: 'held', orderId: order.id, reason: existing.held_reason as HeldReason }
        : { kind: 'replay', orderId: order.id };
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
    const paymentId = await tx.insertPayment({
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
      await fulfil(tx, order, paymentId, input.gatewayPaymentId, at);
      return { kind: 'paid', orderId: order.id };
    }
    if (amountPaise > 0) {
      await tx.insertEntry({
        learnerAccountId: order.learner_account_id,
        batchStudentId: order.batch_student_id,
        kind: 'payment',
        amountPaise,
        orderId: order.id,
        paymentId,
        description: `Payment ${input.gatewayPaymentId} reached an order that ${heldWords[held]}; kept as credit`,
        at,
      });
    }
    if (held === 'expired' && order.status !== 'expired') {
      await tx.updateOrder(order.id, { status: 'expired', updated_at: at });
      if (order.batch_student_plan_id) await tx.expirePendingPacks([order.batch_student_plan_id], at);
    }
    return { kind: 'held', orderId: order.id, reason: held };
  }

  /**
   * The order reserved its coupon use when it was made; the use is written when it is paid,
   * checked again here under the coupon's lock. Only a limit lowered while the order waited
   * can make this true: the payment then pays nothing and is kept as credit, so the coupon is
   * never used more often than it allows and the learner never pays another amount than shown.
   */
  async function couponUsedUp(tx: PaymentsQueries, coupon: CouponRow, order: OrderRow): Promise<boolean> {
    if (coupon.max_uses_total === null && coupon.max_uses_per_learner === null) return false;
    const { total, byLearner } = await tx.countRedemptions(coupon.id, order.learner_account_id, order.id);
    return (coupon.max_uses_total !== null && total >= coupon.max_uses_total) || (coupon.max_uses_per_learner !== null && byLearner >= coupon.max_uses_per_learner);
  }

  async function recordFailure(tx: PaymentsQueries, input: { gateway: PaymentGateway; gatewayOrderId: string; reason: string }): Promise<boolean> {
    const order = await tx.lockOrderByGatewayId(input.gateway, input.gatewayOrderId);
    if (!order || order.status === 'paid') return false;
    await tx.updateOrder(order.id, {
      status: order.status === 'expired' ? 'expired' : 'attempted',
      last_outcome: 'failure',
      failure_reason: input.reason.slice(0, 500),
      updated_at: now(),
    });
    return true;
  }

  /**
   * The second step of a checkout, outside any transaction: opens the gateway order for the
   * order the first step recorded as `creating`, then records its id in a short transaction.
   * A gateway failure removes the order (nobody saw it), so the same key can be sent again. An
   * order the sweep expired or a newer checkout replaced meanwhile is left as it is.
   */
  async function openGatewayOrder(learnerAccountId: string, key: string): Promise<void> {
    const order = await repository.findOrderByKey(learnerAccountId, key);
    if (order?.status !== 'creating') return;
    let gatewayOrderId: string;
    try {
      ({ gatewayOrderId } = await gateway.createOrder({
        receipt: order.id,
        amountPaise: order.total_paise,
        notes: { purpose: order.purpose, learner_account_id: learnerAccountId, ...(order.batch_student_id ? { batch_student_id: order.batch_student_id } : {}) },
      }));
    } catch (error) {
      await repository.transaction((tx) => tx.deleteCreatingOrder(order.id));
      throw error;
    }
    await repository.transaction(async (tx) => {
      const current = await tx.lockOrder(order.id);
      if (!current?.gateway_order_id.startsWith(NOT_YET_OPENED)) return;
      // Replaced or swept meanwhile: it keeps its status, and the gateway's id for the record.
      await tx.updateOrder(order.id, { ...(current.status === 'creating' ? { status: 'created' as const } : {}), gateway_order_id: gatewayOrderId, updated_at: now() });
    });
  }

  /** Whether the order of this key stops being `creating` within REPLAY_WAIT_MS, polled outside any transaction. */
  async function settlesSoon(learnerAccountId: string, key: string): Promise<boolean> {
    const deadline = Date.now() + REPLAY_WAIT_MS;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, REPLAY_POLL_MS));
      if ((await repository.findOrderByKey(learnerAccountId, key))?.status !== 'creating') return true;
    }
    return false;
  }

  return {
    toCheckoutOrder,
    checkoutOrder,
    orderStatus,
    creditPayment,
    recordFailure,
    replacePack,

    /**
     * One learner's money call under their lock: a key seen before replays (or is refused for
     * another body) through `replay`; otherwise `fresh` runs in the same transaction. An order
     * `fresh` places is opened with the gateway after that transaction, holding no connection
     * or lock during the call. A replay meanwhile (a double click) waits briefly, holding no
     * connection either, and answers 409 CHECKOUT_IN_PROGRESS if the order is still being opened.
     */
    async withIdempotencyKey<T>(
      learnerAccountId: string,
      rawKey: string | string[] | undefined,
      requestHash: string,
      handlers: { replay(found: KeyUse): Promise<T> | T; fresh(tx: PaymentsQueries, at: Date, key: string): Promise<T> },
    ): Promise<T> {
      const key = requireIdempotencyKey(rawKey, 'payment');
      const attempt = async (mayWait: boolean): Promise<T> => {
        const result = await repository.transaction(async (tx) => {
          await tx.lockLearner(learnerAccountId);
          const order = await tx.findOrderByKey(learnerAccountId, key);
          const pack = order ? undefined : await tx.findPackByKey(learnerAccountId, key);
          const found: KeyUse | null = order ? { order } : pack ? { pack } : null;
          if (found) {
            const hash = found.order ? found.order.request_hash : found.pack.request_hash;
            if (hash !== requestHash) throw keyReused('payment');
            if (found.order?.status === 'creating') return { kind: 'creating' as const };
            return { kind: 'replayed' as const, value: await handlers.replay(found) };
          }
          return { kind: 'placed' as const, value: await handlers.fresh(tx, now(), key) };
        });
        if (result.kind === 'creating') {
          if (mayWait && (await settlesSoon(learnerAccountId, key))) return attempt(false);
          throw checkoutInProgress();
        }
        if (result.kind === 'placed') await openGatewayOrder(learnerAccountId, key);
        return result.value;
      };
      return attempt(true);
    },

    /** Creates the gateway order and ours, replacing the learner's unpaid orders for the same thing. */
    async placeOrder(tx: PaymentsQueries, learnerAccountId: string, key: string, requestHash: string, draft: OrderDraft, at: Date): Promise<string> {
      const replacedPacks = await tx.supersedeOpenOrders(learnerAccountId, draft.supersedes, at);
      await tx.expirePendingPacks(replacedPacks, at);
      const packId = draft.pack
        ? await tx.insertPack({ batchStudentId: draft.batchStudentId ?? '', ...draft.pack, status: 'pending_payment', at })
        : null;
      const id = randomUUID();
      // Credit pays it all: settled on the ledger at once, no gateway involved. Otherwise the
      // order is recorded as `creating`, and withIdempotencyKey opens its gateway order once this
      // transaction has committed; until then it holds a stand-in id nobody is given.
      const fromCredit = draft.price.totalPaise === 0;
      const gatewayOrderId = fromCredit ? `ledger_${id}` : `${NOT_YET_OPENED}${id}`;
      await tx.insertOrder({
        id,
        learner_account_id: learnerAccountId,
        purpose: draft.purpose,
        batch_student_id: draft.batchStudentId,
        batch_student_plan_id: packId,
        previous_plan_id: draft.previousPlanId ?? null,
        payment_request_id: draft.paymentRequestId ?? null,
        payment_link_id: draft.paymentLinkId ?? null,
        base_paise: draft.price.basePaise,
        coupon_discount_paise: draft.price.couponDiscountPaise,
        referral_discount_paise: draft.price.referralDiscountPaise,
        credit_paise: draft.price.creditPaise,
        total_paise: draft.price.totalPaise,
        taxable_paise: draft.price.taxablePaise,
        cgst_paise: draft.price.cgstPaise,
        sgst_paise: draft.price.sgstPaise,
        coupon_id: draft.price.couponDiscountPaise > 0 ? (draft.couponId ?? null) : null,
        referral_code_id: draft.price.referralDiscountPaise > 0 ? (draft.referralCodeId ?? null) : null,
        description: draft.description,
        gateway: fromCredit ? 'ledger' : gateway.name,
        gateway_order_id: gatewayOrderId,
        status: fromCredit ? 'created' : 'creating',
        last_outcome: null,
        failure_reason: null,
        idempotency_key: key,
        request_hash: requestHash,
        receipt_number: null,
        expires_at: new Date(at.getTime() + ORDER_VALIDITY_MS),
        paid_at: null,
        created_at: at,
        updated_at: at,
      });
      if (fromCredit) {
        const order = await tx.lockOrderByGatewayId('ledger', gatewayOrderId);
        if (order) await fulfil(tx, order, null, null, at);
      }
      return id;
    },

    /** The PDF of a paid order's receipt: to its owner, or to whoever holds the link texted with it. */
    async receiptPdf(access: { user: AuthUser; orderId: string } | { token: string }): Promise<{ fileName: string; pdf: Buffer }> {
      const row =
        'token' in access ? await repository.findOrderViewByReceiptToken(access.token) : await repository.findOrderView(access.orderId);
      if (!row || ('user' in access && row.learner_account_id !== payingLearners.idOf(access.user))) throw orderNotFound();
      const receipt = await receiptOf(row, now());
      if (!receipt) throw new DomainError('RECEIPT_NOT_READY', 'This order is not paid yet, so it has no receipt', 409);
      return { fileName: `${receipt.receiptNumber.replaceAll('/', '-')}.pdf`, pdf: await renderReceiptPdf(receipt) };
    },

    async getOrder(user: AuthUser, orderId: string): Promise<OrderStatusResponse> {
      const learnerAccountId = payingLearners.idOf(user);
      const row = await repository.findOrderView(orderId);
      if (!row || row.learner_account_id !== learnerAccountId) throw orderNotFound();
      return orderStatus(orderId);
    },

    /**
     * The browser's word that checkout succeeded. The signature is checked against the gateway
     * order id WE stored for the order the learner owns, never one taken from the request alone.
     */
    async verify(user: AuthUser, body: VerifyPaymentBody): Promise<OrderStatusResponse> {
      const learnerAccountId = payingLearners.idOf(user);
      const row = await repository.findOrderViewByGatewayId(gateway.name, body.razorpay_order_id);
      if (!row || row.learner_account_id !== learnerAccountId) throw orderNotFound();
      const valid = gateway.verifyPaymentSignature({
        gatewayOrderId: row.gateway_order_id,
        gatewayPaymentId: body.razorpay_payment_id,
        signature: body.razorpay_signature,
      });
      if (!valid) throw new DomainError('SIGNATURE_INVALID', 'The payment signature does not match this order; nothing was recorded', 400);
      const outcome = await repository.transaction((tx) =>
        creditPayment(tx, { gateway: row.gateway, gatewayOrderId: row.gateway_order_id, gatewayPaymentId: body.razorpay_payment_id, source: 'verify' }),
      );
      if (outcome.kind === 'unknown_order') throw new DomainError('SIGNATURE_INVALID', 'That payment belongs to another order', 400);
      if (outcome.kind === 'held') throw heldPaymentError(outcome.reason);
      return orderStatus(outcome.orderId);
    },

    /** Stores lapsed orders as expired (their pending packs too); reads derive it either way. */
    async expireLapsed(at: Date, learnerAccountId?: string): Promise<number> {
      return repository.transaction(async (tx) => {
        const lapsed = await tx.lockLapsed(new Date(at.getTime() - ORDER_GRACE_MS), new Date(at.getTime() - CREATING_ORDER_STALE_MS), learnerAccountId, EXPIRY_BATCH);
        await tx.expireOrders(
          lapsed.map((row) => row.id),
          at,
        );
        await tx.expirePendingPacks(
          lapsed.flatMap((row) => (row.batch_student_plan_id ? [row.batch_student_plan_id] : [])),
          at,
        );
        return lapsed.length;
      });
    },
  };
}

function packValidityColumns(at: Date, validityDays: number): { valid_from: string; valid_until: string } {
  const { validFrom, validUntil } = packValidity(at, validityDays);
  return { valid_from: validFrom, valid_until: validUntil };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
