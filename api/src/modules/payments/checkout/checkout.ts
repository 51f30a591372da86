import { randomUUID } from 'node:crypto';
import { canonicalHash } from '../../../shared/canonical-hash';
import type { PriceBreakdown } from '@kalike/shared/contracts/payments';
import type { OrderPurpose } from '@kalike/shared/domain/payment-values';
import { classPackTransitions } from '@kalike/shared/domain/class-pack-lifecycle';
import { DomainError } from '../../../shared/domain-error';
import { keyReused, requireIdempotencyKey } from '../../../shared/idempotency';
import type { CheckoutOrder } from '@kalike/shared/contracts/payments';
import type { PaymentGatewayAdapter } from '../gateway/payment-gateway';
import { orderMove } from '../lifecycle-moves';
import { NOT_YET_OPENED, ORDER_VALIDITY_MS } from '../orders/order-rules';
import type { OrderTarget } from '../orders/orders.repository';
import type { OrdersService } from '../orders/orders.service';
import type { PaymentsQueries, PaymentsRepository } from '../payments.repository';
import type { Settlement } from '../settlement/settlement';

/** How long a replay waits for an order being opened before it answers 409 CHECKOUT_IN_PROGRESS. */
const REPLAY_WAIT_MS = 1_500;
const REPLAY_POLL_MS = 100;

export interface CheckoutDeps {
  repository: PaymentsRepository;
  gateway: PaymentGatewayAdapter;
  /** An order credit pays entirely is settled at once, inside the checkout's transaction. */
  settlement: Settlement;
  /** How a placed order is shown to the buyer. */
  orders: Pick<OrdersService, 'checkoutOrder'>;
  now: () => Date;
}

/** What a new order charges and for what; built by the module that sells it, inside the learner's transaction. */
export interface OrderDraft {
  purpose: OrderPurpose;
  /** The place in a batch the order pays for, when the student has one. */
  batchStudentId: string | null;
  /** The student it pays for (null: the learner's own place), decided here once and stored on the order. */
  studentId: string | null;
  price: PriceBreakdown;
  description: string;
  couponId?: string | null;
  referralCodeId?: string | null;
  previousPlanId?: string | null;
  /** A class pack bought by this order, born with it as pending_payment (on the place when there is one). */
  pack?: { classPackPlanId: string; classesTotal: number; pricePaise: number; validityDays: number };
  paymentLinkId?: string | null;
  paymentRequestId?: string | null;
  /** Unpaid orders of the learner for the same thing, replaced by this one. */
  supersedes: OrderTarget;
}

/** A plan change the learner's credit covers: switched at once, with no order. */
export interface SwitchedWithoutOrder {
  switchedPackId: string;
}

/** What a purchase answers: the order to pay (or paid from credit), or the pack a plan change switched to. */
export interface PurchaseResult {
  /** 201 for a new purchase, 200 for a replay of the same key and body. */
  statusCode: 200 | 201;
  order: CheckoutOrder | null;
  packId: string | null;
}

export interface Purchase {
  learnerAccountId: string;
  /** The raw Idempotency-Key header. */
  key: string | string[] | undefined;
  /** What is bought, as the caller asked for it: the same key with another body is refused. */
  request: Record<string, unknown>;
  /**
   * Under the learner's lock, in the checkout's transaction: checks what is bought and prices
   * it (checkout/pricing.ts), or switches a plan the credit covers and says which pack.
   */
  decide(tx: PaymentsQueries, at: Date, idempotency: { key: string; requestHash: string }): Promise<OrderDraft | SwitchedWithoutOrder>;
}

/** The order a purchase placed; every purchase but a plan change the credit covers places one. */
export function orderOf({ order }: PurchaseResult): CheckoutOrder {
  if (!order) throw new DomainError('INTERNAL_ERROR', 'The purchase placed no order', 500);
  return order;
}

export const checkoutInProgress = () =>
  new DomainError('CHECKOUT_IN_PROGRESS', 'This checkout is still being opened with the payment gateway; try again in a moment', 409, { retryAfterSeconds: 1 });

/**
 * The second step of a checkout, outside any transaction: opens the gateway order for the
 * order the first step recorded as `creating`, then records its id in a short transaction.
 * A gateway failure removes the order (nobody saw it), so the same key can be sent again. An
 * order the sweep expired or a newer checkout replaced meanwhile is left as it is.
 */
async function openGatewayOrder({ repository, gateway, now }: CheckoutDeps, learnerAccountId: string, key: string): Promise<void> {
  const order = await repository.orders.findByKey(learnerAccountId, key);
  if (order?.status !== 'creating') return;
  let gatewayOrderId: string;
  try {
    ({ gatewayOrderId } = await gateway.createOrder({
      receipt: order.id,
      amountPaise: order.total_paise,
      notes: {
        purpose: order.purpose,
        learner_account_id: learnerAccountId,
        ...(order.batch_student_id ? { batch_student_id: order.batch_student_id } : {}),
      },
    }));
  } catch (error) {
    await repository.transaction((tx) => tx.orders.deleteCreating(order.id));
    throw error;
  }
  await repository.transaction(async (tx) => {
    const current = await tx.orders.lock(order.id);
    if (!current?.gateway_order_id.startsWith(NOT_YET_OPENED)) return;
    // Replaced or swept meanwhile: it keeps its status, and the gateway's id for the record.
    await tx.orders.update(order.id, {
      ...(current.status === 'creating' ? { status: orderMove('open', current.status) } : {}),
      gateway_order_id: gatewayOrderId,
      updated_at: now(),
    });
  });
}

/** Whether the order of this key stops being `creating` within REPLAY_WAIT_MS, polled outside any transaction. */
async function settlesSoon({ repository }: CheckoutDeps, learnerAccountId: string, key: string): Promise<boolean> {
  const deadline = Date.now() + REPLAY_WAIT_MS;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, REPLAY_POLL_MS));
    if ((await repository.orders.findByKey(learnerAccountId, key))?.status !== 'creating') return true;
  }
  return false;
}

/**
 * One learner's money call under their lock: a key seen before replays (or is refused for
 * another body); otherwise `decide` runs in the same transaction. An order it drafts is placed
 * there and opened with the gateway after that transaction, holding no connection or lock
 * during the call. A replay meanwhile (a double click) waits briefly, holding no connection
 * either, and answers 409 CHECKOUT_IN_PROGRESS if the order is still being opened.
 */
async function buy(deps: CheckoutDeps, { learnerAccountId, key: rawKey, request, decide }: Purchase): Promise<PurchaseResult> {
  const { repository, orders, now } = deps;
  const key = requireIdempotencyKey(rawKey, 'payment');
  const requestHash = canonicalHash(request);
  type Outcome = { kind: 'creating' } | { kind: 'done'; statusCode: 200 | 201; orderId: string | null; packId: string | null };
  const attempt = async (mayWait: boolean): Promise<Omit<PurchaseResult, 'order'> & { orderId: string | null }> => {
    const result = await repository.transaction(async (tx): Promise<Outcome> => {
      await tx.learners.lock(learnerAccountId);
      const order = await tx.orders.findByKey(learnerAccountId, key);
      const pack = order ? undefined : await tx.packs.findByKey(learnerAccountId, key);
      if (order || pack) {
        if ((order ? order.request_hash : pack?.request_hash) !== requestHash) throw keyReused('payment');
        if (order?.status === 'creating') return { kind: 'creating' };
        return { kind: 'done', statusCode: 200, orderId: order?.id ?? null, packId: pack?.id ?? null };
      }
      const at = now();
      const decided = await decide(tx, at, { key, requestHash });
      if ('switchedPackId' in decided) return { kind: 'done', statusCode: 201, orderId: null, packId: decided.switchedPackId };
      return { kind: 'done', statusCode: 201, orderId: await placeOrder(deps, tx, learnerAccountId, { key, requestHash }, decided, at), packId: null };
    });
    if (result.kind === 'creating') {
      if (mayWait && (await settlesSoon(deps, learnerAccountId, key))) return attempt(false);
      throw checkoutInProgress();
    }
    if (result.statusCode === 201 && result.orderId) await openGatewayOrder(deps, learnerAccountId, key);
    return result;
  };
  const { statusCode, orderId, packId } = await attempt(true);
  return { statusCode, order: orderId ? await orders.checkoutOrder(orderId) : null, packId };
}

/** Creates our order (and the pack it buys), replacing the learner's unpaid orders for the same thing. */
async function placeOrder(
  { gateway, settlement }: CheckoutDeps,
  tx: PaymentsQueries,
  learnerAccountId: string,
  idempotency: { key: string; requestHash: string },
  draft: OrderDraft,
  at: Date,
): Promise<string> {
  const { key, requestHash } = idempotency;
  const replacedPacks = await tx.orders.supersedeOpen(learnerAccountId, draft.supersedes, at);
  await tx.packs.expirePending(replacedPacks, at);
  const packId = draft.pack ? await tx.packs.insert({ batchStudentId: draft.batchStudentId, ...draft.pack, status: classPackTransitions.order.to, at }) : null;
  const id = randomUUID();
  // Credit pays it all: settled on the ledger at once, no gateway involved. Otherwise the
  // order is recorded as `creating`, and buy opens its gateway order once this
  // transaction has committed; until then it holds a stand-in id nobody is given.
  const fromCredit = draft.price.totalPaise === 0;
  const gatewayOrderId = fromCredit ? `ledger_${id}` : `${NOT_YET_OPENED}${id}`;
  await tx.orders.insert({
    id,
    learner_account_id: learnerAccountId,
    purpose: draft.purpose,
    batch_student_id: draft.batchStudentId,
    student_id: draft.studentId,
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
    const order = await tx.orders.lockByGatewayId('ledger', gatewayOrderId);
    if (order) await settlement.fulfil(tx, order, null, null, at);
  }
  return id;
}

/**
 * The checkout, the one use case every way of buying goes through (a class pack, a plan change,
 * a balance, a payment link or request): the buyer's lock, the Idempotency-Key, then the order
 * the caller priced (checkout/pricing.ts), placed and opened with the gateway. Paying it is
 * the settlement's (settlement/settlement.ts).
 */
export function createCheckout(deps: CheckoutDeps) {
  return { buy: (purchase: Purchase) => buy(deps, purchase) };
}

export type Checkout = ReturnType<typeof createCheckout>;
