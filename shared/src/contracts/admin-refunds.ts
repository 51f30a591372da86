import { Type, type Static } from 'typebox';
import { Uuid } from '@kalike/shared/contracts/uuid';
import { RefundSchema } from '@kalike/shared/contracts/refunds';
import { refundMethods } from '@kalike/shared/domain/refund-policy';

// Kalike's admins at /admin/refunds: reports that a class did not happen, refunds of a class,
// a pack or an amount with a reason, and the log of every admin money action. Amounts are
// integer paise computed by the API; the page shows them and sends only what the admin chose.

const IsoDateTime = Type.String({ format: 'date-time' });
const IsoDate = Type.String({ format: 'date' });
const Paise = Type.Integer({ minimum: 0 });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const Reason = Type.String({ minLength: 3, maxLength: 500 });

/** One pack of a family as the admin sees it: what it holds and what of it can still be refunded. */
export const AdminPackSchema = Type.Object({
  id: Uuid,
  batchStudentId: Uuid,
  familyName: Type.String(),
  familyPhone: Type.String(),
  studentName: Type.String(),
  teacherName: Type.String(),
  batchName: Type.String(),
  planName: Type.String(),
  /** The stored status: only an `active` pack gives classes and can be refunded by class or whole. */
  status: Type.String(),
  classesTotal: Type.Integer({ minimum: 0 }),
  classesLeft: Type.Integer({ minimum: 0 }),
  classesUsed: Type.Integer({ minimum: 0 }),
  validUntil: Nullable(IsoDate),
  paidPaise: Paise,
  /** Already refunded from this pack, in every way. */
  refundedPaise: Paise,
  /** The most an amount refund may give: paid less already refunded. */
  refundablePaise: Paise,
  /** One class at the price paid per class (floor(paid / classes)). */
  perClassPaise: Paise,
  receiptNumber: Nullable(Type.String()),
});
export type AdminPack = Static<typeof AdminPackSchema>;

/** An open report of a class that did not happen, with what the family holds in the pack that class belongs to. */
export const AdminClassReportSchema = Type.Object({
  id: Uuid,
  familyName: Type.String(),
  familyPhone: Type.String(),
  studentName: Type.String(),
  teacherName: Type.String(),
  batchName: Type.String(),
  programName: Type.String(),
  classOn: IsoDate,
  startsAt: IsoDateTime,
  /** What the register says for the child on that class. */
  marked: Type.Union([Type.Literal('attended'), Type.Literal('missed'), Type.Null()]),
  note: Type.String(),
  createdAt: IsoDateTime,
  /** The pack that paid (or would have paid) for that class; null when no pack covers it. */
  pack: Nullable(AdminPackSchema),
  /** What refunding the class gives back; 0 when nothing can. */
  classRefundPaise: Paise,
});
export type AdminClassReport = Static<typeof AdminClassReportSchema>;

export const AdminClassReportsSchema = Type.Object({ reports: Type.Array(AdminClassReportSchema) });
export type AdminClassReports = Static<typeof AdminClassReportsSchema>;

export const ReportParamsSchema = Type.Object({ id: Uuid }, { additionalProperties: false });

export const DismissReportBodySchema = Type.Object({ reason: Reason }, { additionalProperties: false });
export type DismissReportBody = Static<typeof DismissReportBodySchema>;

/** A report resolved: refunded (with the refunds made) or dismissed. */
export const ResolvedReportSchema = Type.Object({
  id: Uuid,
  status: Type.Union([Type.Literal('refunded'), Type.Literal('dismissed')]),
  refunds: Type.Array(RefundSchema),
});
export type ResolvedReport = Static<typeof ResolvedReportSchema>;

/** GET /v1/admin/refunds/packs?q=: a family's packs, found by the family's phone or a receipt number. */
export const AdminPackSearchQuerySchema = Type.Object({ q: Type.String({ minLength: 3, maxLength: 40 }) }, { additionalProperties: false });
export type AdminPackSearchQuery = Static<typeof AdminPackSearchQuerySchema>;

export const AdminPacksSchema = Type.Object({ packs: Type.Array(AdminPackSchema) });
export type AdminPacks = Static<typeof AdminPacksSchema>;

export const adminRefundKinds = ['class', 'pack', 'amount'] as const;
export type AdminRefundKind = (typeof adminRefundKinds)[number];

export const PackParamsSchema = Type.Object({ id: Uuid }, { additionalProperties: false });

export const AdminRefundBodySchema = Type.Object(
  {
    /** One unused class at the price paid per class; the pack (every unused class, the pack cancelled); or an amount. */
    kind: Type.Enum(adminRefundKinds),
    /** Only with `amount`: at least ₹1, at most what the pack still holds unrefunded. */
    amountPaise: Type.Optional(Type.Integer({ minimum: 100 })),
    method: Type.Enum(refundMethods),
    reason: Reason,
  },
  { additionalProperties: false },
);
export type AdminRefundBody = Static<typeof AdminRefundBodySchema>;

export const AdminRefundResultSchema = Type.Object({ packId: Uuid, refunds: Type.Array(RefundSchema) });
export type AdminRefundResult = Static<typeof AdminRefundResultSchema>;

export const adminMoneyActionKinds = ['class_refund', 'pack_refund', 'amount_refund', 'report_refunded', 'report_dismissed'] as const;
export type AdminMoneyActionKind = (typeof adminMoneyActionKinds)[number];

export const AdminMoneyActionSchema = Type.Object({
  id: Uuid,
  kind: Type.Enum(adminMoneyActionKinds),
  adminName: Type.String(),
  at: IsoDateTime,
  familyName: Type.String(),
  packId: Nullable(Uuid),
  reportId: Nullable(Uuid),
  /** The first refund the action made (a second part kept as credit sits beside it). */
  refundId: Nullable(Uuid),
  amountPaise: Paise,
  reason: Type.String(),
});
export type AdminMoneyAction = Static<typeof AdminMoneyActionSchema>;

/** GET /v1/admin/refunds/log: newest first, at most 100. */
export const AdminMoneyActionsSchema = Type.Object({ actions: Type.Array(AdminMoneyActionSchema) });
export type AdminMoneyActions = Static<typeof AdminMoneyActionsSchema>;

/** 422 of an admin refund: REFUND_TOO_LARGE carries what the pack still holds unrefunded. */
export const AdminRefundRefusedSchema = Type.Object({
  statusCode: Type.Integer(),
  code: Type.String(),
  message: Type.String(),
  refundablePaise: Type.Optional(Paise),
});
