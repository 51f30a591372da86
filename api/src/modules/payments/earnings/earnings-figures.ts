import { istDateKey } from '@kalike/shared/format/dates';
import type { EarningsFigures, StudentEarnings, TeacherEarnings } from '@kalike/shared/contracts/teacher-earnings';
import { teacherTakeHome } from '../money';

/**
 * A teacher's earnings, in integer paise, with no I/O: the repository reads the ledger's
 * payment and refund entries and this module does the arithmetic. Each payment and each refund
 * is split on its own and rows are sums of them, so every student row adds up to its month and
 * every month to the totals, to the paisa.
 */

/** One payment entry of the ledger, for a batch of the teacher, with whom it was for. */
export interface EarningsPayment {
  amountPaise: number;
  /** The payment could not pay its order and stays on the student's ledger as credit. */
  keptAsCredit: boolean;
  at: Date;
  /** The place in the batch the money was booked on; null when it named none (a link or request without a place). */
  batchStudentId: string | null;
  /** Groups the payments of one student: the place, or the payer when there is none. */
  studentKey: string;
  studentName: string;
  batchName: string | null;
}

export const noFigures: EarningsFigures = Object.freeze({
  collectedPaise: 0,
  creditKeptPaise: 0,
  refundedPaise: 0,
  gstPaise: 0,
  feePaise: 0,
  netPaise: 0,
  payments: 0,
  refunds: 0,
});

/**
 * One payment's figures, booked at `at`: `teacherTakeHome`, the same calculation every screen
 * where a teacher sets a price shows, so a price's "you receive" is what the statement later
 * books for it.
 */
export function paymentFigures(amountPaise: number, keptAsCredit: boolean, feeBasisPoints: number, at: Date): EarningsFigures {
  const split = teacherTakeHome(amountPaise, feeBasisPoints, at);
  return {
    collectedPaise: amountPaise,
    creditKeptPaise: keptAsCredit ? amountPaise : 0,
    refundedPaise: 0,
    gstPaise: split.gstPaise,
    feePaise: split.kalikeFeePaise,
    netPaise: split.teacherReceivesPaise,
    payments: 1,
    refunds: 0,
  };
}

/**
 * One refund's figures, booked at `at`: the refunded amount split exactly as a payment of that
 * amount at that time (`paymentFigures`), taken back. Payouts take back the same net, so the
 * statement and the payouts page agree to the paisa. The ledger books a refund as a negative
 * amount; either sign is read as the amount sent back.
 */
export function refundFigures(amountPaise: number, feeBasisPoints: number, at: Date): EarningsFigures {
  const refunded = Math.abs(amountPaise);
  const split = paymentFigures(refunded, false, feeBasisPoints, at);
  return {
    collectedPaise: 0,
    creditKeptPaise: 0,
    refundedPaise: refunded,
    gstPaise: -split.gstPaise,
    feePaise: -split.feePaise,
    netPaise: -split.netPaise,
    payments: 0,
    refunds: 1,
  };
}

export function addFigures(a: EarningsFigures, b: EarningsFigures): EarningsFigures {
  return {
    collectedPaise: a.collectedPaise + b.collectedPaise,
    creditKeptPaise: a.creditKeptPaise + b.creditKeptPaise,
    refundedPaise: a.refundedPaise + b.refundedPaise,
    gstPaise: a.gstPaise + b.gstPaise,
    feePaise: a.feePaise + b.feePaise,
    netPaise: a.netPaise + b.netPaise,
    payments: a.payments + b.payments,
    refunds: a.refunds + b.refunds,
  };
}

/** `YYYY-MM` of an instant, on the Bengaluru calendar. */
export function istMonthOf(at: Date): string {
  return istDateKey(at).slice(0, 7);
}

/** Every month from `from` to `to`, both `YYYY-MM` and included; empty when `to` is earlier. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year = 0, month = 1] = from.split('-').map(Number);
  const [toYear = 0, toMonth = 1] = to.split('-').map(Number);
  while (year < toYear || (year === toYear && month <= toMonth)) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/** The month after `YYYY-MM`. */
export function nextMonth(month: string): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

/** A payment or refund entry, with the figures it books. */
type Booked = Pick<EarningsPayment, 'at' | 'batchStudentId' | 'studentKey' | 'studentName' | 'batchName'> & { figures: EarningsFigures };

/**
 * The statement for the months `from`…`to`: every month, also those without payments, oldest
 * first; in each, the students who paid or were refunded, by name. A refund counts in the month
 * it was booked (as payouts take it back), whenever its payment was. Entries outside the months
 * are ignored.
 */
export function earningsStatement(input: {
  from: string;
  to: string;
  feeBasisPoints: number;
  payments: readonly EarningsPayment[];
  refunds: readonly EarningsPayment[];
}): TeacherEarnings {
  const { feeBasisPoints } = input;
  const booked: Booked[] = [
    ...input.payments.map((entry) => ({ ...entry, figures: paymentFigures(entry.amountPaise, entry.keptAsCredit, feeBasisPoints, entry.at) })),
    ...input.refunds.map((entry) => ({ ...entry, figures: refundFigures(entry.amountPaise, feeBasisPoints, entry.at) })),
  ];
  const months = new Map(monthsBetween(input.from, input.to).map((month) => [month, new Map<string, StudentEarnings>()]));
  for (const entry of booked) {
    const students = months.get(istMonthOf(entry.at));
    if (!students) continue;
    const row = students.get(entry.studentKey);
    students.set(
      entry.studentKey,
      row
        ? { ...row, ...addFigures(row, entry.figures) }
        : { batchStudentId: entry.batchStudentId, studentName: entry.studentName, batchName: entry.batchName, ...entry.figures },
    );
  }
  const monthRows = [...months].map(([month, students]) => {
    const rows = [...students.values()].sort(
      (a, b) => a.studentName.localeCompare(b.studentName, 'en-IN') || (a.batchName ?? '').localeCompare(b.batchName ?? '', 'en-IN'),
    );
    return { month, students: rows, ...rows.reduce<EarningsFigures>((sum, row) => addFigures(sum, figuresOf(row)), noFigures) };
  });
  return {
    from: input.from,
    to: input.to,
    feeBasisPoints: input.feeBasisPoints,
    months: monthRows,
    totals: monthRows.reduce<EarningsFigures>((sum, row) => addFigures(sum, figuresOf(row)), noFigures),
  };
}

function figuresOf(row: EarningsFigures): EarningsFigures {
  const { collectedPaise, creditKeptPaise, refundedPaise, gstPaise, feePaise, netPaise, payments, refunds } = row;
  return { collectedPaise, creditKeptPaise, refundedPaise, gstPaise, feePaise, netPaise, payments, refunds };
}
