import { Type, type Static } from 'typebox';
import { Uuid } from '@kalike/shared/contracts/uuid';
import { classNotHeldNoteMaxLength } from '@kalike/shared/domain/refund-policy';

// "The class did not happen": a family reports a past class of their child's batch within
// `classNotHeldReportDays` (shared/domain/refund-policy.ts); Kalike's admins refund the class
// or dismiss the report with a reason (contracts/admin-refunds.ts).

const IsoDateTime = Type.String({ format: 'date-time' });
const IsoDate = Type.String({ format: 'date' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const classReportStatuses = ['open', 'refunded', 'dismissed'] as const;
export type ClassReportStatus = (typeof classReportStatuses)[number];

export const ClassReportSchema = Type.Object({
  id: Uuid,
  batchStudentId: Uuid,
  sessionId: Uuid,
  /** The class's day (IST). */
  classOn: IsoDate,
  note: Type.String(),
  status: Type.Enum(classReportStatuses),
  /** Dismissed: the admin's reason; refunded: what came back. */
  resolution: Nullable(Type.String()),
  /** What the refund of the class gave back, once refunded. */
  refundedPaise: Nullable(Type.Integer({ minimum: 0 })),
  createdAt: IsoDateTime,
  resolvedAt: Nullable(IsoDateTime),
});
export type ClassReport = Static<typeof ClassReportSchema>;

/** A past class of one of the family's places: reportable until `reportableUntil`, or already reported. */
export const ReportableClassSchema = Type.Object({
  sessionId: Uuid,
  batchStudentId: Uuid,
  startsAt: IsoDateTime,
  classOn: IsoDate,
  /** When reports close: midnight (IST) at the end of the last day one is taken. */
  reportableUntil: IsoDateTime,
  report: Nullable(ClassReportSchema),
});
export type ReportableClass = Static<typeof ReportableClassSchema>;

/** GET /v1/class-reports: the family's recent past classes (within the window) and every class they reported, newest first. */
export const ReportableClassesSchema = Type.Object({ classes: Type.Array(ReportableClassSchema) });
export type ReportableClasses = Static<typeof ReportableClassesSchema>;

export const NewClassReportBodySchema = Type.Object(
  {
    batchStudentId: Uuid,
    sessionId: Uuid,
    note: Type.Optional(Type.String({ maxLength: classNotHeldNoteMaxLength })),
  },
  { additionalProperties: false },
);
export type NewClassReportBody = Static<typeof NewClassReportBodySchema>;
