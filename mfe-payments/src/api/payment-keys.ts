import { rootKeys } from '@kalike/shared/query/query-keys';

/**
 * Every payments query of this remote, generic to specific. Other remotes invalidate by
 * `rootKeys.payments` only; a payment invalidates the whole root, since it moves balances,
 * plans, settlements, links and requests at once. The learner is not part of the key:
 * signing out clears the whole cache.
 */
export const paymentKeys = {
  all: rootKeys.payments,
  classPackOptions: (batchStudentId: string, referralCode: string | null) =>
    [...paymentKeys.all, 'class-pack-options', batchStudentId, { referralCode }] as const,
  couponQuote: (batchStudentId: string, planId: string, couponCode: string, referralCode: string | null) =>
    [...paymentKeys.all, 'coupon-quote', batchStudentId, { planId, couponCode, referralCode }] as const,
  orders: () => [...paymentKeys.all, 'order'] as const,
  order: (orderId: string) => [...paymentKeys.orders(), orderId] as const,
  balance: (batchStudentId: string, batchStudentPlanId: string) => [...paymentKeys.all, 'balance', batchStudentId, batchStudentPlanId] as const,
  settlement: (batchStudentId: string) => [...paymentKeys.all, 'settlement', batchStudentId] as const,
  changePlanPreview: (batchStudentId: string, planId: string) => [...paymentKeys.all, 'change-plan-preview', batchStudentId, planId] as const,
  paymentLink: (id: string) => [...paymentKeys.all, 'payment-link', id] as const,
  paymentRequest: (id: string) => [...paymentKeys.all, 'payment-request', id] as const,
  /** The check differs with the teacher's invitation the learner opened, so it is part of the key. */
  batchPaymentRequest: (batchId: string, invitation: string | null = null) => [...paymentKeys.all, 'batch-payment-request', batchId, invitation] as const,
  /** The teacher's side: their batches and students, requests, invitations of a batch, and earnings by month range. */
  teacher: () => [...paymentKeys.all, 'teacher'] as const,
  teacherBatches: () => [...paymentKeys.teacher(), 'batches'] as const,
  teacherRequests: () => [...paymentKeys.teacher(), 'requests'] as const,
  batchInvitations: (batchId: string) => [...paymentKeys.teacher(), 'invitations', batchId] as const,
  teacherEarnings: (from: string, to: string) => [...paymentKeys.teacher(), 'earnings', { from, to }] as const,
  /** The payout account, payable balance and payouts: one answer, so one key. */
  teacherPayouts: () => [...paymentKeys.teacher(), 'payouts'] as const,
};
