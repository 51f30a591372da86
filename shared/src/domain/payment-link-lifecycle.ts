import { defineLifecycle } from '@kalike/shared/domain/lifecycle';
import { paymentLinkStatuses, type PaymentLinkStatus } from '@kalike/shared/domain/payment-values';

/**
 * A teacher's payment link (an amount a family pays through a link texted to them): issued,
 * then paid, cancelled by the teacher, or expired at its deadline. Read by the API (to say
 * whether a link can still be paid) and by the link's page. Schema-free, so the browser can
 * load it.
 */

/** What a link's expiry is read from: its stored status and its deadline. */
interface TimedPaymentLink {
  status: PaymentLinkStatus;
  expiresAt: Date | string;
}

export const paymentLinkLifecycle = defineLifecycle({
  statuses: paymentLinkStatuses,
  transitions: {
    /** The teacher sent it. */
    issue: { from: [], to: 'issued', by: 'teacher' },
    /** The family paid its order. */
    pay: { from: ['issued'], to: 'paid', by: 'learner' },
    cancel: { from: ['issued'], to: 'cancelled', by: 'teacher' },
    /** Its deadline passed unpaid. */
    expire: { from: ['issued'], to: 'expired', by: 'system' },
  },
  /** What the family reads for each status. */
  labels: {
    issued: 'Due',
    paid: 'Paid',
    cancelled: 'Cancelled',
    expired: 'Expired',
  },
  /** An issued link lapses at its deadline even before anything stores it. */
  derive: (link: TimedPaymentLink, at: Date): PaymentLinkStatus =>
    link.status === 'issued' && at.getTime() >= new Date(link.expiresAt).getTime() ? 'expired' : link.status,
});
