import { Type, type Static } from 'typebox';
import { TaxInvoiceSchema } from '@kalike/shared/contracts/payments';
import { Uuid } from '@kalike/shared/contracts/uuid';
import { refundStatuses } from '@kalike/shared/domain/refund-lifecycle';
import { refundMethods, refundReasonKinds, refundRules } from '@kalike/shared/domain/refund-policy';

export type { RefundStatus } from '@kalike/shared/domain/refund-lifecycle';
export type { RefundMethod, RefundReasonKind, RefundRule } from '@kalike/shared/domain/refund-policy';

// Refunds: every amount is integer paise computed by the API from the refund policy
// (shared/domain/refund-policy.ts); the browser shows them and can change none.

const IsoDateTime = Type.String({ format: 'date-time' });
const IsoDate = Type.String({ format: 'date' });
const Paise = Type.Integer({ minimum: 0 });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const ClassPackParamsSchema = Type.Object({ id: Uuid }, { additionalProperties: false });
export type ClassPackParams = Static<typeof ClassPackParamsSchema>;

/** GET /v1/class-packs/{id}/cancellation: exactly what cancelling the pack now gives back, and why. */
export const CancellationQuoteSchema = Type.Object({
  packId: Uuid,
  planName: Type.String(),
  studentName: Type.String(),
  teacherName: Type.String(),
  classesTotal: Type.Integer({ minimum: 0 }),
  classesUsed: Type.Integer({ minimum: 0 }),
  classesLeft: Type.Integer({ minimum: 0 }),
  paidPaise: Paise,
  /** The day the pack was paid for (IST): the refund window counts from it. */
  paidOn: IsoDate,
  /** Whether the pack can be cancelled now (an active pack with something to give back). */
  cancellable: Type.Boolean(),
  rule: Type.Enum(refundRules),
  /** The policy's sentence for the rule the amount comes from. */
  reason: Type.String(),
  amountPaise: Paise,
  /** The classes taken off the pack: every one left. */
  classes: Type.Integer({ minimum: 0 }),
  /** The last day the whole pack comes back, while that is still possible. */
  wholePackUntil: Nullable(IsoDate),
  /**
   * What can go back to the original payment method; the rest (a pack paid partly from
   * credit, or one paid entirely from credit) comes back as Kalike credit.
   */
  originalMethodPaise: Paise,
  /**
   * What comes back as Kalike credit even when the payment method is chosen: `amountPaise` less
   * `originalMethodPaise` (the part paid with credit); the whole amount when credit is chosen.
   */
  creditPaise: Paise,
});
export type CancellationQuote = Static<typeof CancellationQuoteSchema>;

export const CancelPackBodySchema = Type.Object(
  {
    method: Type.Enum(refundMethods),
    /** The amount the family saw and confirmed; the cancel is refused if it changed meanwhile (a class was used). */
    expectedAmountPaise: Paise,
  },
  { additionalProperties: false },
);
export type CancelPackBody = Static<typeof CancelPackBodySchema>;

export const CreditNoteLinkSchema = Type.Object({
  /** CN/26-27/000001: its own series per financial year. */
  number: Type.String(),
  /** The tax invoice (receipt) it cites. */
  invoiceNumber: Type.String(),
  issuedAt: IsoDateTime,
  /** The credit note as a PDF: a site path that works without signing in (it is texted to the payer). */
  pdfPath: Type.String(),
  /** The credit note as a page, by the same capability: a site path. */
  pagePath: Type.String(),
});
export type CreditNoteLink = Static<typeof CreditNoteLinkSchema>;

export const RefundSchema = Type.Object({
  id: Uuid,
  packId: Nullable(Uuid),
  amountPaise: Paise,
  classes: Type.Integer({ minimum: 0 }),
  method: Type.Enum(refundMethods),
  reasonKind: Type.Enum(refundReasonKinds),
  reason: Type.String(),
  status: Type.Enum(refundStatuses),
  statusLabel: Type.String(),
  failureReason: Nullable(Type.String()),
  createdAt: IsoDateTime,
  settledAt: Nullable(IsoDateTime),
  creditNote: Nullable(CreditNoteLinkSchema),
});
export type Refund = Static<typeof RefundSchema>;

/** POST /v1/class-packs/{id}/cancel: the refunds made (one, or two when part goes back as credit). */
export const CancelPackResultSchema = Type.Object({
  packId: Uuid,
  refunds: Type.Array(RefundSchema),
});
export type CancelPackResult = Static<typeof CancelPackResultSchema>;

export const RefundListSchema = Type.Object({ refunds: Type.Array(RefundSchema) });
export type RefundList = Static<typeof RefundListSchema>;

/** 409 of a cancel: REFUND_AMOUNT_CHANGED carries the amount it would give back now; NOTHING_TO_REFUND does not. */
export const CancelConflictSchema = Type.Object({
  statusCode: Type.Integer(),
  code: Type.String(),
  message: Type.String(),
  expectedAmountPaise: Type.Optional(Paise),
});
export type CancelConflict = Static<typeof CancelConflictSchema>;

/** POST /v1/payments/teacher/batch-students/{id}/remove: the student has left the batch, with what their family gets back. */
export const RemovedStudentSchema = Type.Object({
  batchStudentId: Uuid,
  status: Type.Literal('left'),
  refunds: Type.Array(RefundSchema),
  /** What the family gets back: the sum of the refunds. */
  refundedPaise: Paise,
});
export type RemovedStudent = Static<typeof RemovedStudentSchema>;

/** POST /v1/payments/teacher/batches/{id}/end: every student still in the batch removed, each with their family's refunds. */
export const EndedBatchSchema = Type.Object({
  batchId: Uuid,
  /** The batch's last day: the day it was ended (IST), or sooner when it was planned to end sooner. */
  endsOn: Type.String({ format: 'date' }),
  /** Classes still to come that left the calendar. */
  removedSessions: Type.Integer({ minimum: 0 }),
  removed: Type.Array(RemovedStudentSchema),
  /** What every family of the batch gets back together. */
  refundedPaise: Paise,
});
export type EndedBatch = Static<typeof EndedBatchSchema>;

/**
 * GET /v1/payments/credit-notes/{token}/details: a GST credit note as its page shows it, by the
 * capability in its texted link. The same supplier, GSTIN, SAC and place of supply as the invoice
 * it cites; the refunded amount's taxable value and its CGST and SGST halves (IGST when the
 * supplier is registered in another state).
 */
export const CreditNoteDocumentSchema = Type.Object({
  /** CN/26-27/000001. */
  number: Type.String(),
  /** Its date of issue (IST). */
  issuedOn: IsoDate,
  /** The tax invoice it cites, and that invoice's date (IST). */
  invoiceNumber: Type.String(),
  invoiceDate: Nullable(IsoDate),
  recipientName: Type.String(),
  studentName: Type.String(),
  reason: Type.String(),
  /** The gateway's reference for the refund, when the money went back through it. */
  refundReference: Nullable(Type.String()),
  tax: TaxInvoiceSchema,
  pdfPath: Type.String(),
});
export type CreditNoteDocument = Static<typeof CreditNoteDocumentSchema>;

export const CreditNoteTokenParamsSchema = Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{32}$' }) }, { additionalProperties: false });
