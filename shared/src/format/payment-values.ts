/**
 * The payment values browser code may read without loading schemas: statuses, tax rates
 * and limits. contracts/payments.ts builds the API's schemas from the same lists. Amounts
 * are always integer paise computed by the API; nothing here derives an amount.
 */

/** Private coaching is taxed at 18 %: 9 % CGST and 9 % SGST inside Karnataka. Prices shown are inclusive. */
export const gstRateBasisPoints = { cgst: 900, sgst: 900 } as const;

export const orderPurposes = ['class_pack', 'settlement', 'change_plan', 'payment_request', 'payment_link', 'ledger_payment'] as const;
export type OrderPurpose = (typeof orderPurposes)[number];

/**
 * The order's lifecycle: Razorpay's order statuses, plus `creating` for an order recorded
 * while its gateway order is being opened (outside any database transaction), and `expired`
 * for an order nobody paid within its window (or whose gateway order was never opened).
 * docs/payments.md draws it.
 */
export const orderStatuses = ['creating', 'created', 'attempted', 'paid', 'expired'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** Every allowed move of an order, by whom; anything else is refused. */
export const orderTransitions = {
  /** The gateway opened its order: the learner can pay from now on. */
  open: { from: ['creating'], to: 'created', by: 'system' },
  /** The checkout came back (with a failure, or a success still to be confirmed). */
  attempt: { from: ['created', 'attempted'], to: 'attempted', by: 'learner' },
  pay: { from: ['created', 'attempted'], to: 'paid', by: 'system' },
  /** Its window passed, a newer order replaced it, or its gateway order was never opened. */
  expire: { from: ['creating', 'created', 'attempted'], to: 'expired', by: 'system' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus; by: 'learner' | 'system' }>;

/** Orders that hold their coupon use and referral: being opened, or waiting for payment. */
export const orderStatusesHoldingDiscounts = orderTransitions.expire.from;

/** `ledger`: an order paid entirely from the learner's credit, settled without any gateway. */
export const paymentGateways = ['sandbox', 'razorpay', 'ledger'] as const;
export type PaymentGateway = (typeof paymentGateways)[number];

/** What a checkout came back with; `abandoned` is a closed checkout without an answer. */
export const checkoutOutcomes = ['success', 'failure', 'abandoned'] as const;
export type CheckoutOutcome = (typeof checkoutOutcomes)[number];

export const ledgerEntryKinds = ['payment', 'class_pack_purchase', 'class_consumed', 'settlement', 'refund', 'adjustment'] as const;
export type LedgerEntryKind = (typeof ledgerEntryKinds)[number];

export const paymentLinkStatuses = ['issued', 'paid', 'cancelled', 'expired'] as const;
export type PaymentLinkStatus = (typeof paymentLinkStatuses)[number];

export const couponKinds = ['percent', 'flat'] as const;
export type CouponKind = (typeof couponKinds)[number];

export const classPackStatuses = ['pending_payment', 'active', 'used_up', 'expired', 'replaced'] as const;
export type ClassPackStatus = (typeof classPackStatuses)[number];

/** Razorpay's minimum order is ₹1. */
export const minimumOrderPaise = 100;
/** An unpaid order can be paid for this long; after that the learner starts again. */
export const orderValidityMinutes = 30;
export const couponCodePattern = '^[A-Z0-9]{4,20}$';
export const referralCodePattern = '^[A-Z0-9]{6,12}$';
