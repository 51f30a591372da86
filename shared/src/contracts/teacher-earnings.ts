import { Type, type Static } from 'typebox';
import { Uuid } from '@kalike/shared/contracts/uuid';

import { earningsMaxMonths, earningsMonthPattern } from '@kalike/shared/domain/payment-values';

export { earningsMaxMonths, earningsMonthPattern };

export const EarningsMonthSchema = Type.String({ pattern: earningsMonthPattern, description: 'A month in Bengaluru, YYYY-MM' });

export const TeacherEarningsQuerySchema = Type.Object(
  {
    /** The first month of the statement; the month of `to` when left out. */
    from: Type.Optional(EarningsMonthSchema),
    /** The last month of the statement; this month in Bengaluru when left out. */
    to: Type.Optional(EarningsMonthSchema),
  },
  { additionalProperties: false },
);
export type TeacherEarningsQuery = Static<typeof TeacherEarningsQuerySchema>;

/**
 * The figures of one row of the statement, integer paise computed by the API. For every row,
 * `netPaise = collectedPaise − refundedPaise − gstPaise − feePaise`; `creditKeptPaise` is part of
 * `collectedPaise`. A refund is counted in the month it was booked and takes back its own GST, fee
 * and net, so a month with refunds of earlier payments can have negative GST, fee and net.
 */
const earningsFigures = {
  /** What learners paid for the teacher's batches (GST inclusive): the ledger's payment entries. */
  collectedPaise: Type.Integer({ minimum: 0 }),
  /** The part of `collectedPaise` kept on a student's ledger as credit because it could not pay its order. */
  creditKeptPaise: Type.Integer({ minimum: 0 }),
  /**
   * Sent back to learners (GST inclusive, a positive number shown as taken off): the ledger's refund
   * entries booked in the row's months, pending ones included, refunds the bank refused left out.
   */
  refundedPaise: Type.Integer({ minimum: 0 }),
  /** The GST inside each payment (CGST and SGST), which Kalike pays as the issuer of the receipts, less the GST inside each refund. */
  gstPaise: Type.Integer(),
  /** Kalike's fee: its rate of each payment's taxable value, to the nearest paisa (rounded down for payments before December 2026), less each refund's. */
  feePaise: Type.Integer(),
  /** What is due to the teacher: each payment's take-home less each refund's. */
  netPaise: Type.Integer(),
  /** How many payments the row holds. */
  payments: Type.Integer({ minimum: 0 }),
  /** How many refunds the row holds. */
  refunds: Type.Integer({ minimum: 0 }),
};
export const EarningsFiguresSchema = Type.Object(earningsFigures);
export type EarningsFigures = Static<typeof EarningsFiguresSchema>;

/** One student's money in a month: the student of a place in a batch, or the payer when the money named no place. */
export const StudentEarningsSchema = Type.Object({
  batchStudentId: Type.Union([Uuid, Type.Null()]),
  studentName: Type.String(),
  batchName: Type.Union([Type.String(), Type.Null()]),
  ...earningsFigures,
});
export type StudentEarnings = Static<typeof StudentEarningsSchema>;

export const MonthEarningsSchema = Type.Object({
  month: EarningsMonthSchema,
  /** Those who paid or were refunded in the month, by name; they add up to the month's figures. */
  students: Type.Array(StudentEarningsSchema),
  ...earningsFigures,
});
export type MonthEarnings = Static<typeof MonthEarningsSchema>;

/** The signed-in teacher's earnings statement: every month from `from` to `to`, oldest first, and their totals. */
export const TeacherEarningsSchema = Type.Object({
  from: EarningsMonthSchema,
  to: EarningsMonthSchema,
  /** Kalike's fee rate in basis points (1000 is 10 %) of the taxable value. */
  feeBasisPoints: Type.Integer({ minimum: 0 }),
  months: Type.Array(MonthEarningsSchema),
  totals: EarningsFiguresSchema,
});
export type TeacherEarnings = Static<typeof TeacherEarningsSchema>;
