import { Type, type Static } from 'typebox';
import { Uuid } from '@kalike/shared/contracts/uuid';
import {
  accountPaymentKinds,
  accountPaymentsPage,
  checkoutOutcomes,
  couponCodePattern,
  ledgerEntryKinds,
  orderPurposes,
  paymentGateways,
  paymentLinkStatuses,
  referralCodePattern,
} from '@kalike/shared/domain/payment-values';
import { orderStatuses } from '@kalike/shared/domain/order-lifecycle';
import { receiptDocumentNames } from '@kalike/shared/domain/receipt-document';
import { classPackStatuses } from '@kalike/shared/domain/class-pack-lifecycle';
import { batchInvitationDays, batchInvitationHeader, batchStudentStatuses } from '@kalike/shared/domain/batch-student-lifecycle';
import { ClassPackPlanSchema } from '@kalike/shared/contracts/teacher-listings';
import { EnquiryBatchSchema } from '@kalike/shared/contracts/enquiries';
import { PaymentRequestSchema } from '@kalike/shared/contracts/payment-requests';

export type { CheckoutOutcome, LedgerEntryKind, OrderPurpose, PaymentGateway, PaymentLinkStatus } from '@kalike/shared/domain/payment-values';
export type { OrderStatus } from '@kalike/shared/domain/order-lifecycle';
export type { ClassPackStatus } from '@kalike/shared/domain/class-pack-lifecycle';

// Money: every amount is integer paise computed by the API (plan prices, coupons, referral
// discounts, settlement balances, GST); the browser shows them and can change none. Every
// call that creates an order or moves money takes an `Idempotency-Key` header (the enquiry
// contract's header and pattern) and answers a replay with the first result.

const IsoDateTime = Type.String({ format: 'date-time' });
const IsoDate = Type.String({ format: 'date' });
const Paise = Type.Integer({ minimum: 0 });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const CouponCode = Type.String({ pattern: couponCodePattern });
const ReferralCode = Type.String({ pattern: referralCodePattern });

export const BatchStudentParamsSchema = Type.Object({ id: Uuid }, { additionalProperties: false });
export type BatchStudentParams = Static<typeof BatchStudentParamsSchema>;

// The batch student and what they can buy

export const BatchStudentSummarySchema = Type.Object({
  id: Uuid,
  status: Type.Enum(batchStudentStatuses),
  /** Null when the learner attends themself. */
  studentName: Nullable(Type.String()),
  learnerName: Type.String(),
  teacher: Type.Object({ id: Uuid, name: Type.String(), slug: Type.String() }),
  batch: EnquiryBatchSchema,
});
export type BatchStudentSummary = Static<typeof BatchStudentSummarySchema>;

/** A class pack bought for a batch student, and what is left of it (derived from the ledger). */
export const BatchStudentPlanSchema = Type.Object({
  id: Uuid,
  plan: ClassPackPlanSchema,
  status: Type.Enum(classPackStatuses),
  classesTotal: Type.Integer({ minimum: 0 }),
  classesUsed: Type.Integer({ minimum: 0 }),
  classesLeft: Type.Integer({ minimum: 0 }),
  /** Null until paid. */
  validFrom: Nullable(IsoDate),
  validUntil: Nullable(IsoDate),
  paidPaise: Paise,
});
export type BatchStudentPlan = Static<typeof BatchStudentPlanSchema>;

/**
 * Whether the place may take another pack now, the answer every way of buying gives (the
 * family's checkout, paying a request, the teacher's Ask to pay): `startsOn` is when a pack paid
 * now would start (today, or the day after the last pack held); `message` says why not.
 */
export const NextPackSchema = Type.Object({
  allowed: Type.Boolean(),
  startsOn: Nullable(IsoDate),
  message: Nullable(Type.String()),
});
export type NextPack = Static<typeof NextPackSchema>;

// Prices with discounts and tax

export const PriceBreakdownSchema = Type.Object({
  /** The plan's price or the amount due, GST inclusive. */
  basePaise: Paise,
  couponDiscountPaise: Paise,
  referralDiscountPaise: Paise,
  /** The learner's credit on the ledger used for this payment. */
  creditPaise: Paise,
  /** basePaise minus discounts and credit: what is charged; 0 when credit pays it all. */
  totalPaise: Paise,
  /** The GST inside totalPaise (18 % inclusive): taxable + cgst + sgst = total. */
  taxablePaise: Paise,
  cgstPaise: Paise,
  sgstPaise: Paise,
  coupon: Nullable(Type.Object({ code: Type.String(), description: Type.String() })),
  referralCode: Nullable(Type.String()),
});
export type PriceBreakdown = Static<typeof PriceBreakdownSchema>;

export const PlanOptionSchema = Type.Object({
  ...ClassPackPlanSchema.properties,
  /** Against paying the smallest pack's per-class price for as many classes. */
  savingsPaise: Paise,
  /** What the referral code takes off this plan; 0 without a valid code. */
  referralDiscountPaise: Paise,
  /** What checkout charges for this plan without a coupon: after the referral and the batch student's credit. */
  price: PriceBreakdownSchema,
});
export type PlanOption = Static<typeof PlanOptionSchema>;

export const ReferralCheckSchema = Type.Object({
  code: Type.String(),
  valid: Type.Boolean(),
  /** Why not, in a sentence, or what it gives. */
  message: Type.String(),
});
export type ReferralCheck = Static<typeof ReferralCheckSchema>;

/** GET /v1/class/batchStudent/{id}/classpack?referralCode */
export const ClassPackOptionsQuerySchema = Type.Object({ referralCode: Type.Optional(Type.String({ maxLength: 20 })) }, { additionalProperties: false });
export type ClassPackOptionsQuery = Static<typeof ClassPackOptionsQuerySchema>;

export const ClassPackOptionsSchema = Type.Object({
  batchStudent: BatchStudentSummarySchema,
  /** The pack in use (active) or waiting for payment, if any. */
  currentPlan: Nullable(BatchStudentPlanSchema),
  plans: Type.Array(PlanOptionSchema),
  referral: Nullable(ReferralCheckSchema),
  /** The batch student's credit on the ledger; it pays towards the next pack before any gateway. */
  creditPaise: Paise,
  /** Paid packs waiting to start after the current one, in the order they start. */
  queuedPlans: Type.Array(BatchStudentPlanSchema),
  /** Whether another pack may be bought now, and when it would start. */
  nextPack: NextPackSchema,
  /** Whether Change plan may act on the pack in use now; `message` says why not (a pack waits behind it). */
  planChange: Type.Object({ allowed: Type.Boolean(), message: Nullable(Type.String()) }),
});
export type ClassPackOptions = Static<typeof ClassPackOptionsSchema>;

/** POST /v1/discounts/validate-coupon/batchStudentID/{batchStudentId} */
export const ValidateCouponBodySchema = Type.Object(
  {
    batchStudentId: Uuid,
    classPackPlanId: Uuid,
    couponCode: Type.String({ minLength: 1, maxLength: 20 }),
    referralCode: Type.Optional(ReferralCode),
  },
  { additionalProperties: false },
);
export type ValidateCouponBody = Static<typeof ValidateCouponBodySchema>;

export const CouponQuoteSchema = Type.Object({
  valid: Type.Boolean(),
  /** Why the coupon does not apply (expired, used up, below the minimum…), or what it gives. */
  message: Type.String(),
  price: PriceBreakdownSchema,
});
export type CouponQuote = Static<typeof CouponQuoteSchema>;

// Checkout

/** POST /v1/payments/batch-student/{batchStudentID}/class-pack/{classPackPlanID} */
export const ClassPackCheckoutParamsSchema = Type.Object({ batchStudentID: Uuid, classPackPlanID: Uuid }, { additionalProperties: false });
export type ClassPackCheckoutParams = Static<typeof ClassPackCheckoutParamsSchema>;

export const DiscountCodesBodySchema = Type.Object(
  {
    couponCode: Type.Optional(CouponCode),
    referralCode: Type.Optional(ReferralCode),
  },
  { additionalProperties: false },
);
export type DiscountCodesBody = Static<typeof DiscountCodesBodySchema>;

/** What the browser needs to open the gateway's checkout for one order. */
export const CheckoutOrderSchema = Type.Object({
  orderId: Uuid,
  purpose: Type.Enum(orderPurposes),
  status: Type.Enum(orderStatuses),
  gateway: Type.Enum(paymentGateways),
  /** The gateway's order id (Razorpay's `order_…`). */
  gatewayOrderId: Type.String(),
  /** Razorpay's public key id; the sandbox's is `sandbox`. */
  keyId: Type.String(),
  amountPaise: Paise,
  currency: Type.Literal('INR'),
  price: PriceBreakdownSchema,
  description: Type.String(),
  /** The sandbox gateway's own checkout page; null for Razorpay, whose Checkout.js opens in the page. */
  checkoutUrl: Nullable(Type.String()),
  expiresAt: IsoDateTime,
  /**
   * True for an unpaid order that ended before its window did: the family left the payment and
   * a newer one for the same thing took its place, or what it paid for closed. False while it
   * can be paid, once paid, and when its window simply passed.
   */
  expiredEarly: Type.Boolean(),
});
export type CheckoutOrder = Static<typeof CheckoutOrderSchema>;

/** POST /v1/payments/verify: what the checkout handed back, names as Razorpay sends them. */
export const VerifyPaymentBodySchema = Type.Object(
  {
    razorpay_order_id: Type.String({ minLength: 1, maxLength: 64 }),
    razorpay_payment_id: Type.String({ minLength: 1, maxLength: 64 }),
    razorpay_signature: Type.String({ minLength: 1, maxLength: 256 }),
  },
  { additionalProperties: false },
);
export type VerifyPaymentBody = Static<typeof VerifyPaymentBodySchema>;

/** What makes a receipt a tax invoice under GST. */
export const TaxInvoiceSchema = Type.Object({
  supplier: Type.Object({ name: Type.String(), address: Type.String(), gstin: Type.String() }),
  /** The receipt number. */
  invoiceNumber: Type.String(),
  /** YYYY-MM-DD in IST, the day of payment. */
  invoiceDate: Type.String(),
  /** Services Accounting Code of the supply. */
  sacCode: Type.String(),
  /** State and state code where the service is supplied. */
  placeOfSupply: Type.String(),
  taxablePaise: Paise,
  /** Within the state: two equal halves, and IGST is 0. */
  cgstPaise: Paise,
  sgstPaise: Paise,
  /** From another state: the whole tax, and CGST and SGST are 0. */
  igstPaise: Paise,
  totalPaise: Paise,
});
export type TaxInvoice = Static<typeof TaxInvoiceSchema>;

export const ReceiptSchema = Type.Object({
  /** KLK/2026-27/000123: unique per financial year. */
  receiptNumber: Type.String(),
  orderId: Uuid,
  paymentId: Type.String(),
  paidAt: IsoDateTime,
  purpose: Type.Enum(orderPurposes),
  description: Type.String(),
  payerName: Type.String(),
  teacherName: Nullable(Type.String()),
  studentName: Nullable(Type.String()),
  price: PriceBreakdownSchema,
  /** Set when the payment bought or settled a class pack. */
  batchStudentId: Nullable(Uuid),
  classPack: Nullable(BatchStudentPlanSchema),
  invoice: TaxInvoiceSchema,
  /** The receipt as a PDF: a site path that works without signing in (it is texted to the payer). */
  pdfPath: Nullable(Type.String()),
});
export type Receipt = Static<typeof ReceiptSchema>;

/** GET /v1/payments/orders/{id}: where an order stands; the receipt once paid. */
export const OrderStatusSchema = Type.Object({
  order: CheckoutOrderSchema,
  /** The last checkout outcome the API heard of (verify, webhook or the sandbox). */
  lastOutcome: Nullable(Type.Enum(checkoutOutcomes)),
  failureReason: Nullable(Type.String()),
  receipt: Nullable(ReceiptSchema),
});
export type OrderStatusResponse = Static<typeof OrderStatusSchema>;

export const OrderParamsSchema = Type.Object({ id: Uuid }, { additionalProperties: false });
export type OrderParams = Static<typeof OrderParamsSchema>;

// Balances, settlement and changing plan

export const ClassPackBalanceParamsSchema = Type.Object({ id: Uuid, planId: Uuid }, { additionalProperties: false });
export type ClassPackBalanceParams = Static<typeof ClassPackBalanceParamsSchema>;

/** GET /v1/class/class-pack/batch-student/{id}/settlement: what is owed (or in credit) for a batch student. */
export const SettlementSchema = Type.Object({
  batchStudentId: Uuid,
  /** Positive: the learner owes this; 0: settled. */
  owedPaise: Paise,
  /** Positive: unused value the learner has in credit. */
  creditPaise: Paise,
  lines: Type.Array(Type.Object({ label: Type.String(), amountPaise: Type.Integer(), at: IsoDateTime })),
});
export type Settlement = Static<typeof SettlementSchema>;

/** PUT /v1/class/change-plan/batch-student/{id}; `preview: true` answers without changing anything. */
export const ChangePlanBodySchema = Type.Object({ batchStudentClasspackPlanID: Uuid, preview: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
export type ChangePlanBody = Static<typeof ChangePlanBodySchema>;

export const ChangePlanResultSchema = Type.Object({
  /** The unused part of the current pack, credited against the new one. */
  creditPaise: Paise,
  newPlan: ClassPackPlanSchema,
  /** What is left to pay for the new pack after the credit; 0 means it is switched at once. */
  price: PriceBreakdownSchema,
  /** Set when something is left to pay (not on a preview). */
  order: Nullable(CheckoutOrderSchema),
  /** Set when the change took effect without payment. */
  classPack: Nullable(BatchStudentPlanSchema),
});
export type ChangePlanResult = Static<typeof ChangePlanResultSchema>;

export const LedgerEntrySchema = Type.Object({
  id: Uuid,
  kind: Type.Enum(ledgerEntryKinds),
  /** Money into the learner's balance is positive, money owed negative. */
  amountPaise: Type.Integer(),
  classesDelta: Type.Integer(),
  description: Type.String(),
  /** When it was booked: for a class, when it was marked, not when it was held (`classStartsAt`). */
  at: IsoDateTime,
  /** The order it belongs to: a payment and the pack it bought are one event, read as one line. */
  orderId: Type.Optional(Nullable(Uuid)),
  /** The refund it belongs to: the credit and the money sent back are one event. */
  refundId: Type.Optional(Nullable(Uuid)),
  /** The start of the class it books (a class attended or given back); null for money alone. */
  classStartsAt: Type.Optional(Nullable(IsoDateTime)),
  /** A payment that paid an order: its receipt, whose number `description` names, as a page to open. */
  receipt: Type.Optional(Nullable(Type.Object({ orderId: Uuid, receiptNumber: Type.String(), pagePath: Type.String() }))),
});
export type LedgerEntry = Static<typeof LedgerEntrySchema>;

/** GET /v1/ledgers/learners/balances: per batch student, derived from the ledger. */
export const LearnerBalancesSchema = Type.Object({
  balances: Type.Array(
    Type.Object({
      batchStudent: BatchStudentSummarySchema,
      classPack: Nullable(BatchStudentPlanSchema),
      /** Paid packs waiting to start after it, in the order they start. */
      queuedPacks: Type.Array(BatchStudentPlanSchema),
      /** Credit positive, owed negative. */
      balancePaise: Type.Integer(),
      recentEntries: Type.Array(LedgerEntrySchema),
      /** The teacher's requests still open for this place (this student in this batch), oldest due first. */
      openRequests: Type.Array(PaymentRequestSchema),
    }),
  ),
});
export type LearnerBalances = Static<typeof LearnerBalancesSchema>;

/** POST /v1/ledgers/learners/payment: pay what a batch student owes. */
export const LedgerPaymentBodySchema = Type.Object({ batchStudentId: Uuid }, { additionalProperties: false });
export type LedgerPaymentBody = Static<typeof LedgerPaymentBodySchema>;

// Payment links and requests

export const PaymentLinkSchema = Type.Object({
  id: Uuid,
  status: Type.Enum(paymentLinkStatuses),
  amountPaise: Paise,
  description: Type.String(),
  teacher: Type.Object({ name: Type.String(), slug: Type.String() }),
  /** Whom the payment is for, when the link names a batch student: the money lands on their ledger. */
  studentName: Nullable(Type.String()),
  expiresAt: IsoDateTime,
  paidAt: Nullable(IsoDateTime),
});
export type PaymentLink = Static<typeof PaymentLinkSchema>;

export const PaymentIdParamsSchema = Type.Object({ id: Uuid }, { additionalProperties: false });
export type PaymentIdParams = Static<typeof PaymentIdParamsSchema>;

/** POST /v1/class/batch-student-payment-request (teacher): ask an enrolled batch student to pay. */
/**
 * POST /v1/class/batch-student-payment-request: what the teacher asks for, never how much. The
 * API prices it: a class pack of the student's batch at the plan's price, or (no plan) what the
 * ledger says the student owes. Any other field, an amount included, is refused.
 */
export const CreateBatchStudentPaymentRequestBodySchema = Type.Object(
  {
    batchStudentId: Uuid,
    /** A class pack of the student's batch: paying the request gives the student that pack. Left out: what is owed. */
    classPackPlanId: Type.Optional(Uuid),
    /** Pay by this day (Bengaluru); a week from today when left out, never before today. */
    dueOn: Type.Optional(IsoDate),
  },
  { additionalProperties: false },
);
export type CreateBatchStudentPaymentRequestBody = Static<typeof CreateBatchStudentPaymentRequestBodySchema>;

/** The token of a teacher's batch invitation, as it arrives in the learner's link (`?invitation=`). */
const InvitationToken = Type.String({ minLength: 1, maxLength: 100 });

/** GET /v1/class/validate-payment-request/batch/{id}: the teacher's invitation the learner opened, in its header. */
export const BatchPaymentRequestHeadersSchema = Type.Object({ [batchInvitationHeader]: Type.Optional(InvitationToken) });

/**
 * The check's query. `invitation` is the earlier form, refused (400 INVITATION_IN_ADDRESS) so an
 * old page learns the new one instead of a token being read from an address.
 */
export const BatchPaymentRequestQuerySchema = Type.Object({ invitation: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: false });

/** POST …/batch/{id}/join: the same invitation, sent again with the join. */
export const JoinBatchBodySchema = Type.Object({ invitation: Type.Optional(InvitationToken) }, { additionalProperties: false });
export type JoinBatchBody = Static<typeof JoinBatchBodySchema>;

/** GET /v1/class/validate-payment-request/batch/{id}: can this learner pay to join this batch now. */
export const BatchPaymentRequestCheckSchema = Type.Object({
  valid: Type.Boolean(),
  message: Type.String(),
  batch: Nullable(EnquiryBatchSchema),
  teacher: Nullable(Type.Object({ id: Uuid, name: Type.String(), slug: Type.String() })),
  /** The learner's batch student in this batch; null until they join (POST …/batch/{id}/join). */
  batchStudentId: Nullable(Uuid),
  /** While the learner's seat is held unpaid: when it goes back to the batch. */
  holdExpiresAt: Nullable(IsoDateTime),
});
export type BatchPaymentRequestCheck = Static<typeof BatchPaymentRequestCheckSchema>;

/** POST /v1/class/batches/{id}/invitations (teacher): a link that lets learners join one of the teacher's batches. */
export const CreateBatchInvitationBodySchema = Type.Object(
  {
    expiresInDays: Type.Optional(Type.Integer({ minimum: batchInvitationDays.min, maximum: batchInvitationDays.max, default: batchInvitationDays.default })),
    /** How many learners may join with it; unlimited (up to the batch's seats) when left out. */
    maxUses: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  },
  { additionalProperties: false },
);
export type CreateBatchInvitationBody = Static<typeof CreateBatchInvitationBodySchema>;

/** Where an invitation stands, as the API reads it now: only an open one lets anyone join. */
export const batchInvitationStates = ['open', 'used_up', 'expired', 'revoked'] as const;
export type BatchInvitationState = (typeof batchInvitationStates)[number];

export const BatchInvitationSchema = Type.Object({
  id: Uuid,
  batchId: Uuid,
  state: Type.Enum(batchInvitationStates),
  expiresAt: IsoDateTime,
  maxUses: Nullable(Type.Integer({ minimum: 1 })),
  /** Learners who joined with it. */
  uses: Type.Integer({ minimum: 0 }),
  revokedAt: Nullable(IsoDateTime),
  createdAt: IsoDateTime,
});
export type BatchInvitation = Static<typeof BatchInvitationSchema>;

/** Only when created: the token is not stored, so the link cannot be shown again. */
export const CreatedBatchInvitationSchema = Type.Object({
  ...BatchInvitationSchema.properties,
  token: Type.String(),
  /** The learner's link: the batch's join page with the invitation. */
  url: Type.String(),
});
export type CreatedBatchInvitation = Static<typeof CreatedBatchInvitationSchema>;

export const BatchInvitationParamsSchema = Type.Object({ id: Uuid, invitationId: Uuid }, { additionalProperties: false });
export type BatchInvitationParams = Static<typeof BatchInvitationParamsSchema>;

// The sandbox gateway

/** The sandbox checkout page posts the learner's choice here; the API signs a success like Razorpay would. */
export const SandboxOutcomeBodySchema = Type.Object({ outcome: Type.Enum(checkoutOutcomes) }, { additionalProperties: false });
export type SandboxOutcomeBody = Static<typeof SandboxOutcomeBodySchema>;

// The learner's payments history

export const AccountPaymentsQuerySchema = Type.Object(
  {
    /** The `nextCursor` of the page before; the newest rows when left out. */
    cursor: Type.Optional(Type.String({ pattern: '^[0-9]{1,18}$' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: accountPaymentsPage.max })),
  },
  { additionalProperties: false },
);
export type AccountPaymentsQuery = Static<typeof AccountPaymentsQuerySchema>;

export const AccountPaymentSchema = Type.Object({
  id: Uuid,
  kind: Type.Enum(accountPaymentKinds),
  at: IsoDateTime,
  /** What moved, always positive: `kind` says which way. */
  amountPaise: Paise,
  description: Type.String(),
  /** Whom it was for: the student, or the learner for their own place. */
  forName: Nullable(Type.String()),
  teacherName: Nullable(Type.String()),
  /** The tax invoice of the paid order the row belongs to, as a page and a PDF, with what the document is called. */
  receipt: Nullable(
    Type.Object({
      orderId: Uuid,
      receiptNumber: Type.String(),
      pagePath: Type.String(),
      pdfPath: Nullable(Type.String()),
      documentName: Type.Enum(receiptDocumentNames),
    }),
  ),
  /** The GST credit note of a refund, once one is issued. */
  creditNote: Nullable(Type.Object({ number: Type.String(), pagePath: Nullable(Type.String()), pdfPath: Nullable(Type.String()) })),
});
export type AccountPayment = Static<typeof AccountPaymentSchema>;

/** GET /v1/account/payments: the learner's payments, refunds and credit movements, newest first. */
export const AccountPaymentsSchema = Type.Object({
  items: Type.Array(AccountPaymentSchema),
  /** Null on the last page. */
  nextCursor: Nullable(Type.String()),
});
export type AccountPayments = Static<typeof AccountPaymentsSchema>;
