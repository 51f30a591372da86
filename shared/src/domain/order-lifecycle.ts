import { defineLifecycle, type ActionOf } from '@kalike/shared/domain/lifecycle';

/**
 * The order's lifecycle: one table of statuses, moves and who makes each, read by the API (to
 * allow or refuse a move) and by the payment screens (to know whether an order can still be
 * paid and what to call its status). Schema-free, so the browser can load it.
 * docs/payments.md draws it.
 *
 * Razorpay's order statuses, plus `creating` for an order recorded while its gateway order is
 * being opened (outside any database transaction), and `expired` for an order nobody paid
 * within its window (or whose gateway order was never opened).
 */
export const orderStatuses = ['creating', 'created', 'attempted', 'paid', 'expired'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** What the order's expiry is read from: its stored status and the end of its window. */
interface TimedOrder {
  status: OrderStatus;
  expiresAt: Date | string;
}

export const orderLifecycle = defineLifecycle({
  statuses: orderStatuses,
  /** Every allowed move of an order, by whom; anything else is refused. */
  transitions: {
    /** The gateway opened its order: the learner can pay from now on. */
    open: { from: ['creating'], to: 'created', by: 'system' },
    /** The checkout came back (with a failure, or a success still to be confirmed). */
    attempt: { from: ['created', 'attempted'], to: 'attempted', by: 'learner' },
    pay: { from: ['created', 'attempted'], to: 'paid', by: 'system' },
    /** Its window passed, a newer order replaced it, or its gateway order was never opened. */
    expire: { from: ['creating', 'created', 'attempted'], to: 'expired', by: 'system' },
  },
  /** What the learner reads for each status. */
  labels: {
    creating: 'Being opened',
    created: 'Waiting for payment',
    attempted: 'Payment tried',
    paid: 'Paid',
    expired: 'Expired',
  },
  /** An unpaid order past its window has expired, before or after a sweep stores it. */
  derive: (order: TimedOrder, at: Date): OrderStatus =>
    order.status !== 'paid' && at.getTime() >= new Date(order.expiresAt).getTime() ? 'expired' : order.status,
});

export type OrderMove = ActionOf<typeof orderLifecycle.transitions>;

/** Orders that hold their coupon use and referral: being opened, or waiting for payment. */
export const orderStatusesHoldingDiscounts = orderLifecycle.transitions.expire.from;

/** An order the learner can still pay: the gateway's order is open and nothing paid it yet. */
export function isPayableOrder(status: OrderStatus): boolean {
  return orderLifecycle.can('pay', status);
}
