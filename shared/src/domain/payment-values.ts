/**
 * The payment values browser code may read without loading schemas: statuses, tax rates
 * and limits. contracts/payments.ts builds the API's schemas from the same lists. Amounts
 * are always integer paise computed by the API; nothing here derives an amount.
 */

/** Private coaching is taxed at 18 %: 9 % CGST and 9 % SGST inside Karnataka. Prices shown are inclusive. */
export const gstRateBasisPoints = { cgst: 900, sgst: 900 } as const;

export const orderPurposes = ['class_pack', 'settlement', 'change_plan', 'payment_request', 'payment_link', 'ledger_payment'] as const;
export type OrderPurpose = (typeof orderPurposes)[number];

/** `ledger`: an order paid entirely from the learner's credit, settled without any gateway. */
export const paymentGateways = ['sandbox', 'razorpay', 'ledger'] as const;
export type PaymentGateway = (typeof paymentGateways)[number];

/** What a checkout came back with; `abandoned` is a closed checkout without an answer. */
export const checkoutOutcomes = ['success', 'failure', 'abandoned'] as const;
export type CheckoutOutcome = (typeof checkoutOutcomes)[number];

/** `class_returned`: a corrected register mark gives back exactly the class one `class_consumed` took. */
export const ledgerEntryKinds = ['payment', 'class_pack_purchase', 'class_consumed', 'settlement', 'refund', 'adjustment', 'class_returned'] as const;
export type LedgerEntryKind = (typeof ledgerEntryKinds)[number];

export const paymentLinkStatuses = ['issued', 'paid', 'cancelled', 'expired'] as const;
export type PaymentLinkStatus = (typeof paymentLinkStatuses)[number];

export const couponKinds = ['percent', 'flat'] as const;
export type CouponKind = (typeof couponKinds)[number];

/** Razorpay's minimum order is ₹1. */
export const minimumOrderPaise = 100;
/** An unpaid order can be paid for this long; after that the learner starts again. */
export const orderValidityMinutes = 30;
export const couponCodePattern = '^[A-Z0-9]{4,20}$';
export const referralCodePattern = '^[A-Z0-9]{6,12}$';

/** A calendar month in Bengaluru, `YYYY-MM`: the months of a teacher's earnings statement. */
export const earningsMonthPattern = '^20[0-9]{2}-(0[1-9]|1[0-2])$';

/** The longest earnings statement one call answers: two years of months. */
export const earningsMaxMonths = 24;

/**
 * What `/account/payments` lists: money paid in, money given back, and Kalike credit gained
 * (a plan change's unused classes, a payment kept as credit) or spent on a pack.
 */
export const accountPaymentKinds = ['payment', 'refund', 'credit_gained', 'credit_spent'] as const;
export type AccountPaymentKind = (typeof accountPaymentKinds)[number];

/** Rows of the payments history one call answers. */
export const accountPaymentsPage = { default: 20, max: 50 } as const;
