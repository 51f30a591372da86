import { defineLifecycle, type ActionOf } from '@kalike/shared/domain/lifecycle';

/**
 * A payment request's lifecycle (spec §4: open, completed, cancelled): one table of moves and
 * who makes each, read by the API (to allow or refuse a move) and by the teacher's requests
 * list (to offer Cancel only where it will succeed). Schema-free, so the browser can load it.
 */
/** Payment request lifecycle: open -> completed | cancelled. */
export const paymentRequestStatuses = ['open', 'completed', 'cancelled'] as const;
export type PaymentRequestStatus = (typeof paymentRequestStatuses)[number];

export const paymentRequestLifecycle = defineLifecycle({
  statuses: paymentRequestStatuses,
  transitions: {
    /** The family paid it: the one way a request completes. */
    pay: { from: ['open'], to: 'completed', by: 'learner' },
    /** The teacher withdrew it before it was paid. */
    cancel: { from: ['open'], to: 'cancelled', by: 'teacher' },
    /** The family paid for another pack and this one would be one more than a place may hold waiting. */
    withdraw: { from: ['open'], to: 'cancelled', by: 'system' },
  },
  /** What the teacher reads for each status, and the heading of its group. */
  labels: {
    open: 'Waiting for payment',
    completed: 'Paid',
    cancelled: 'Cancelled',
  },
});

export type PaymentRequestMove = ActionOf<typeof paymentRequestLifecycle.transitions>;
