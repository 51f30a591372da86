import { Type, type Static } from 'typebox';
import { ActionConfirmationSchema } from '@kalike/shared/contracts/action-codes';
import { Uuid } from '@kalike/shared/contracts/uuid';

// A person's data rights (DPDP Act 2023): what deleting the account will do, asked before the
// person confirms, and what it did. Amounts are integer paise worked out by the API from the
// refund policy; the page shows them and changes none.

const Paise = Type.Integer({ minimum: 0 });
const Count = Type.Integer({ minimum: 0 });

export const DeletionPackSchema = Type.Object({
  packId: Uuid,
  planName: Type.String(),
  studentName: Type.String(),
  teacherName: Type.String(),
  classesLeft: Count,
  /** `refunded`: the refund policy gives money back; `forfeited`: nothing is left to refund. */
  outcome: Type.Union([Type.Literal('refunded'), Type.Literal('forfeited')]),
  /** What comes back to the payment method (a part paid with Kalike credit cannot follow a deleted account). */
  refundPaise: Paise,
  /** What the policy would give back as Kalike credit, lost with the account. */
  forfeitedCreditPaise: Paise,
});
export type DeletionPack = Static<typeof DeletionPackSchema>;

/** GET /v1/user/account/deletion: what deleting the caller's account does, for this person, now. */
export const DeletionOutlookSchema = Type.Object({
  roles: Type.Array(Type.Union([Type.Literal('Learner'), Type.Literal('Teacher')])),
  packs: Type.Array(DeletionPackSchema),
  /** The sum of the packs' `refundPaise`: sent back with the delete as `expectedRefundPaise`. */
  refundTotalPaise: Paise,
  openPaymentRequests: Count,
  openEnquiries: Count,
  upcomingDemos: Count,
  /** A teacher's public page, taken down at once. */
  publicListings: Count,
  /** Why a teacher's account cannot be deleted yet (families still hold classes, a payout is on its way); empty when it can. */
  blockers: Type.Array(Type.Object({ code: Type.Union([Type.Literal('families_hold_classes'), Type.Literal('payout_in_flight')]), message: Type.String() })),
});
export type DeletionOutlook = Static<typeof DeletionOutlookSchema>;

/** The one-time code texted for `delete-account`, and the refund total the person saw. */
export const DeleteAccountBodySchema = Type.Object(
  {
    confirmation: ActionConfirmationSchema,
    expectedRefundPaise: Paise,
  },
  { additionalProperties: false },
);
export type DeleteAccountBody = Static<typeof DeleteAccountBodySchema>;

/** What deleting did; the same answer for a repeated delete of the same account. */
export const AccountErasureSchema = Type.Object({
  erasedAt: Type.String({ format: 'date-time' }),
  packsRefunded: Count,
  packsForfeited: Count,
  refundedPaise: Paise,
  paymentRequestsCancelled: Count,
  enquiriesClosed: Count,
  demosCancelled: Count,
  listingsUnpublished: Count,
});
export type AccountErasure = Static<typeof AccountErasureSchema>;

/** Each section of the download holds at most this many rows; a section cut short says so. */
export const dataExportSectionCap = 2000;
