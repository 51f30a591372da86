import { rootKeys } from '@kalike/shared/query/query-keys';

/**
 * The learner's payments queries: what they pay for and how (class packs, coupons, orders,
 * balances, settlements, plan changes, links and requests). Under their own segment, so
 * invalidating them leaves the teacher's workspace alone. The sessions remote keeps My Classes'
 * balances and the referral card in this segment too (`balances`, `referral-card`), so no key
 * here may take those names.
 */
const learnerPaymentKeys = {
  all: [...rootKeys.payments, 'learner'] as const,
  classPackOptions: (batchStudentId: string, referralCode: string | null) =>
    [...learnerPaymentKeys.all, 'class-pack-options', batchStudentId, { referralCode }] as const,
  couponQuote: (batchStudentId: string, planId: string, couponCode: string, referralCode: string | null) =>
    [...learnerPaymentKeys.all, 'coupon-quote', batchStudentId, { planId, couponCode, referralCode }] as const,
  orders: () => [...learnerPaymentKeys.all, 'order'] as const,
  order: (orderId: string) => [...learnerPaymentKeys.orders(), orderId] as const,
  balance: (batchStudentId: string, batchStudentPlanId: string) => [...learnerPaymentKeys.all, 'balance', batchStudentId, batchStudentPlanId] as const,
  settlement: (batchStudentId: string) => [...learnerPaymentKeys.all, 'settlement', batchStudentId] as const,
  changePlanPreview: (batchStudentId: string, planId: string) => [...learnerPaymentKeys.all, 'change-plan-preview', batchStudentId, planId] as const,
  paymentLink: (id: string) => [...learnerPaymentKeys.all, 'payment-link', id] as const,
  request: (id: string) => [...learnerPaymentKeys.all, 'payment-request', id] as const,
  /** The check differs with the teacher's invitation the learner opened, so it is part of the key. */
  batchRequest: (batchId: string, invitation: string | null = null) => [...learnerPaymentKeys.all, 'batch-payment-request', batchId, invitation] as const,
  /** The account's payments history, page by page. */
  accountPayments: () => [...learnerPaymentKeys.all, 'account-payments'] as const,
  /** What cancelling a pack would give back now. */
  cancellation: (packId: string) => [...learnerPaymentKeys.all, 'cancellation', packId] as const,
  /** A credit note by the token in its link. */
  creditNote: (token: string) => [...learnerPaymentKeys.all, 'credit-note', token] as const,
};

/**
 * The teacher's workspace: their batches and students, payment requests, invitations of a
 * batch, earnings by month range, and payouts. A change there invalidates `all`.
 */
const teachPaymentKeys = {
  all: [...rootKeys.payments, 'teach'] as const,
  batches: () => [...teachPaymentKeys.all, 'batches'] as const,
  requests: () => [...teachPaymentKeys.all, 'requests'] as const,
  batchInvitations: (batchId: string) => [...teachPaymentKeys.all, 'invitations', batchId] as const,
  earnings: (from: string, to: string) => [...teachPaymentKeys.all, 'earnings', { from, to }] as const,
  /** The payout account, payable balance and payouts: one answer, so one key. */
  payouts: () => [...teachPaymentKeys.all, 'payouts'] as const,
};

/**
 * Kalike's admins at /admin/refunds: the open reports of classes not held, a family's packs
 * found by phone or receipt, and the log of admin money actions. Every admin refund or
 * decision invalidates `all`.
 */
const adminPaymentKeys = {
  all: [...rootKeys.payments, 'admin'] as const,
  reports: () => [...adminPaymentKeys.all, 'class-reports'] as const,
  packs: (query: string) => [...adminPaymentKeys.all, 'packs', { query }] as const,
  log: () => [...adminPaymentKeys.all, 'log'] as const,
  /** /admin/payout-accounts: accounts held for review, and the payout audit trail (of one teacher, or all). */
  payoutReviews: () => [...adminPaymentKeys.all, 'payout-reviews'] as const,
  payoutAuditAll: () => [...adminPaymentKeys.all, 'payout-audit'] as const,
  payoutAudit: (teacherId: string | null) => [...adminPaymentKeys.payoutAuditAll(), { teacherId }] as const,
};

/**
 * Every payments query of this remote, generic to specific, by audience. Other remotes
 * invalidate by `rootKeys.payments` only; a payment invalidates the whole root, since it
 * moves balances, plans, settlements, links and requests at once, on both sides. The
 * person is not part of the key: signing out clears the whole cache.
 */
export const paymentKeys = {
  all: rootKeys.payments,
  learner: learnerPaymentKeys,
  teach: teachPaymentKeys,
  admin: adminPaymentKeys,
};
