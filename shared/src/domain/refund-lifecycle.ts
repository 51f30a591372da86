import { defineLifecycle, type ActionOf } from '@kalike/shared/domain/lifecycle';

/**
 * A refund's lifecycle: one table of statuses, moves and who makes each, read by the API (to
 * allow or refuse a move) and by the payment screens (to say where a refund stands).
 * Schema-free, so the browser can load it.
 *
 * - `pending`: recorded, with its idempotency key, before the gateway is asked to send the
 *   money back; it waits for the gateway's answer (the call, a retry or a webhook).
 * - `succeeded`: the money is back with the family (gateway), or on their place as Kalike credit.
 * - `failed`: the gateway could not send it back; the amount is kept as Kalike credit instead.
 */
export const refundStatuses = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

export const refundLifecycle = defineLifecycle({
  statuses: refundStatuses,
  transitions: {
    /** A refund to the original payment method is recorded before the gateway is called. */
    request: { from: [], to: 'pending', by: 'system' },
    /** A refund as Kalike credit is on the ledger at once. */
    credit: { from: [], to: 'succeeded', by: 'system' },
    /** The gateway sent the money back (its answer, a retry or `refund.processed`). */
    process: { from: ['pending'], to: 'succeeded', by: 'gateway' },
    /** The gateway could not (its answer, a retry or `refund.failed`). */
    fail: { from: ['pending'], to: 'failed', by: 'gateway' },
  },
  labels: {
    pending: 'On its way',
    succeeded: 'Refunded',
    failed: 'Kept as Kalike credit (the bank could not take it back)',
  },
});

export type RefundMove = ActionOf<typeof refundLifecycle.transitions>;
