import { Type, type Static } from 'typebox';
import { ActionConfirmationSchema } from '@kalike/shared/contracts/action-codes';
import { Uuid } from '@kalike/shared/contracts/uuid';
import {
  bankAccountNumberPattern,
  ifscPattern,
  payoutAccountKinds,
  payoutAccountVerifications,
  payoutStatuses,
  payoutTriggers,
  upiIdPattern,
} from '@kalike/shared/domain/payout-lifecycle';
import { payoutAuditActors, payoutAuditEvents } from '@kalike/shared/domain/payout-audit';

export type { PayoutAccountKind, PayoutAccountVerification, PayoutStatus, PayoutTrigger } from '@kalike/shared/domain/payout-lifecycle';

// Payouts: money from Kalike to a teacher's bank account or UPI id. Every amount is integer
// paise computed by the API from the ledger; the browser sends no amount.

const IsoDateTime = Type.String({ format: 'date-time' });
const Paise = Type.Integer({ minimum: 0 });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const BankPayoutAccountBodySchema = Type.Object(
  {
    kind: Type.Literal('bank'),
    holderName: Type.String({ minLength: 2, maxLength: 120, pattern: '\\S' }),
    accountNumber: Type.String({ pattern: bankAccountNumberPattern, description: '9 to 18 digits' }),
    ifsc: Type.String({ pattern: ifscPattern, description: 'e.g. HDFC0001234: four letters, a zero, six letters or digits' }),
    confirmation: Type.Optional(ActionConfirmationSchema),
  },
  { additionalProperties: false },
);
export const UpiPayoutAccountBodySchema = Type.Object(
  {
    kind: Type.Literal('upi'),
    upiId: Type.String({ pattern: upiIdPattern, maxLength: 320, description: 'name@handle' }),
    confirmation: Type.Optional(ActionConfirmationSchema),
  },
  { additionalProperties: false },
);
/**
 * What the teacher enters; the API keeps only what payouts need (never the whole account number).
 * `confirmation`: the code texted for the purpose `payout-account` (POST /v1/auth/action-codes);
 * without a valid one the change is refused (403 ACTION_CODE_REQUIRED, 400 INVALID_CODE or CODE_EXPIRED).
 */
export const PayoutAccountBodySchema = Type.Union([BankPayoutAccountBodySchema, UpiPayoutAccountBodySchema]);
export type PayoutAccountBody = Static<typeof PayoutAccountBodySchema>;

export const PayoutAccountSchema = Type.Object({
  kind: Type.Enum(payoutAccountKinds),
  /** Bank accounts: the name the teacher gave. */
  holderName: Nullable(Type.String()),
  /** Bank accounts: only the last four digits are ever returned. */
  accountLast4: Nullable(Type.String()),
  ifsc: Nullable(Type.String()),
  upiId: Nullable(Type.String()),
  verification: Type.Enum(payoutAccountVerifications),
  /** Why verification failed, in a sentence the teacher can act on. */
  failureReason: Nullable(Type.String()),
  /** The name the bank or UPI app has for the account, when the provider told us. */
  nameAtBank: Nullable(Type.String()),
  updatedAt: IsoDateTime,
  /** When it was added or last changed. */
  changedAt: IsoDateTime,
  /** Payouts to it wait until then (the cooling-off after a change); null for accounts from before it. */
  heldUntil: Nullable(IsoDateTime),
  /** An admin's words on approving or rejecting it after a name mismatch. */
  reviewReason: Nullable(Type.String()),
});
export type PayoutAccount = Static<typeof PayoutAccountSchema>;

export const PayoutSchema = Type.Object({
  id: Uuid,
  amountPaise: Paise,
  status: Type.Enum(payoutStatuses),
  trigger: Type.Enum(payoutTriggers),
  /** Where it went, as the teacher recognises it: "UPI priya@okaxis" or "Bank account ····1234". */
  accountLabel: Type.String(),
  failureReason: Nullable(Type.String()),
  createdAt: IsoDateTime,
  paidAt: Nullable(IsoDateTime),
});
export type Payout = Static<typeof PayoutSchema>;

export const PayoutsOverviewSchema = Type.Object({
  account: Nullable(PayoutAccountSchema),
  /** Net earnings older than the hold, less refunds and everything paid out or on its way. */
  payablePaise: Paise,
  /** Net earnings still inside the hold: payable once they are `holdDays` old. */
  heldPaise: Paise,
  /** The smallest payout; a smaller payable balance waits for more. */
  minimumPaise: Paise,
  holdDays: Type.Integer({ minimum: 0 }),
  /** All net earnings less refunds, ever, and of it what has been paid out or is on its way. */
  earnedPaise: Paise,
  paidOutPaise: Paise,
  /** What refunds to families took back from the teacher's earnings (each refund's net), ever. */
  refundedPaise: Paise,
  /** Refunds of payments already paid out: recovered from the next payouts before anything more is paid. */
  toRecoverPaise: Paise,
  /** The next scheduled payout. */
  nextPayoutAt: IsoDateTime,
  /** Why payouts (scheduled and "Pay out now") wait: the cooling-off after a change, or a review; null when they do not. */
  hold: Nullable(Type.Object({ until: Nullable(IsoDateTime), reason: Type.String() })),
  /** Whether "Pay out now" would send a payout, and if not, why. */
  payOutNow: Type.Object({ allowed: Type.Boolean(), reason: Nullable(Type.String()) }),
  /** Newest first, at most 50. */
  payouts: Type.Array(PayoutSchema),
});
export type PayoutsOverview = Static<typeof PayoutsOverviewSchema>;

// ----- Kalike's admins: accounts held for review, and the audit trail

export const AdminPayoutReviewSchema = Type.Object({
  teacherId: Uuid,
  teacherName: Type.String(),
  kind: Type.Enum(payoutAccountKinds),
  /** Masked: "account ending 1234" or "pr•••@okaxis". */
  destination: Type.String(),
  holderName: Nullable(Type.String()),
  nameAtBank: Nullable(Type.String()),
  changedAt: IsoDateTime,
});
export type AdminPayoutReview = Static<typeof AdminPayoutReviewSchema>;
export const AdminPayoutReviewsSchema = Type.Object({ items: Type.Array(AdminPayoutReviewSchema) });
export type AdminPayoutReviews = Static<typeof AdminPayoutReviewsSchema>;

export const AdminPayoutDecisionBodySchema = Type.Object(
  {
    decision: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
    /** Shown to the teacher on a rejection; kept on the audit trail either way. */
    reason: Type.String({ minLength: 3, maxLength: 500, pattern: '\\S' }),
  },
  { additionalProperties: false },
);
export type AdminPayoutDecisionBody = Static<typeof AdminPayoutDecisionBodySchema>;

export const PayoutAuditEntrySchema = Type.Object({
  id: Uuid,
  teacherId: Uuid,
  teacherName: Type.String(),
  event: Type.Enum(payoutAuditEvents),
  actor: Type.Enum(payoutAuditActors),
  destination: Type.String(),
  payoutId: Nullable(Uuid),
  amountPaise: Nullable(Paise),
  detail: Nullable(Type.String()),
  at: IsoDateTime,
});
export type PayoutAuditEntry = Static<typeof PayoutAuditEntrySchema>;

export const PayoutAuditQuerySchema = Type.Object(
  {
    teacherId: Type.Optional(Uuid),
    /** The `nextCursor` of the page before. */
    before: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type PayoutAuditQuery = Static<typeof PayoutAuditQuerySchema>;

export const PayoutAuditPageSchema = Type.Object({ items: Type.Array(PayoutAuditEntrySchema), nextCursor: Nullable(Type.String()) });
export type PayoutAuditPage = Static<typeof PayoutAuditPageSchema>;
