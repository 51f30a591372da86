import { randomUUID } from 'node:crypto';
import type { PriceBreakdown } from '@kalike/shared/contracts/payments';
import type { OrderPurpose } from '@kalike/shared/domain/payment-values';
import { classPackTransitions } from '@kalike/shared/domain/class-pack-lifecycle';
import { DomainError } from '../../../shared/domain-error';
import { keyReused, requireIdempotencyKey } from '../../../shared/idempotency';
import type { PackRow } from '../class-packs/class-packs.repository';
import type { PaymentGatewayAdapter } from '../gateway/payment-gateway';
import { orderMove } from '../lifecycle-moves';
import { NOT_YET_OPENED, ORDER_VALIDITY_MS } from '../orders/order-rules';
import type { OrderRow, OrderTarget } from '../orders/orders.repository';
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
  now: () => Date;
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

/**
 * A replayed key that created an order answers with that order (200). Only a plan change
 * switched at once uses a key without an order; reusing such a key for a payment is refused.
 */
export function replayCheckout({ order }: KeyUse): { statusCode: 200; orderId: string } {
  if (!order) throw new DomainError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a plan change', 422);
  return { statusCode: 200, orderId: order.id };
}

export const checkoutInProgress = () =>
  new DomainError('CHECKOUT_IN_PROGRESS', 'This checkout is still being opened with the payment gateway; try again in a moment', 409, { retryAfterSeconds: 1 });

/**
 * The checkout, the one use case every way of buying goes through (a class pack, a plan change,
 * a balance, a payment link or request): the buyer's lock, the Idempotency-Key, then the order
 * the caller priced (checkout/pricing.ts), placed and opened with the gateway. Paying it is
 * the settlement's (settlement/settlement.ts).
 */
export function createCheckout({ repository, gateway, settlement, now }: CheckoutDeps) {
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
        notes: {
          purpose: order.purpose,
          learner_account_id: learnerAccountId,
          ...(order.batch_student_id ? { batch_student_id: order.batch_student_id } : {}),
        },
      }));
    } catch (error) {
      await repository.transaction((tx) => tx.deleteCreatingOrder(order.id));
      throw error;
    }
    await repository.transaction(async (tx) => {
      const current = await tx.lockOrder(order.id);
      if (!current?.gateway_order_id.startsWith(NOT_YET_OPENED)) return;
      // Replaced or swept meanwhile: it keeps its status, and the gateway's id for the record.
      await tx.updateOrder(order.id, {
        ...(current.status === 'creating' ? { status: orderMove('open', current.status) } : {}),
        gateway_order_id: gatewayOrderId,
        updated_at: now(),
      });
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
        ? await tx.insertPack({ batchStudentId: draft.batchStudentId ?? '', ...draft.pack, status: classPackTransitions.order.to, at })
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
        if (order) await settlement.fulfil(tx, order, null, null, at);
      }
      return id;
    },
  };
}

export type Checkout = ReturnType<typeof createCheckout>;
