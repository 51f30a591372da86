import fc from 'fast-check';
import type { EarningsFigures } from '@kalike/shared/contracts/teacher-earnings';
import { gstSplit, teacherTakeHome } from '../money';
import { payoutBalance } from '../payouts/payout-figures';
import {
  addFigures,
  earningsStatement,
  istMonthOf,
  monthsBetween,
  nextMonth,
  noFigures,
  paymentFigures,
  refundFigures,
  type EarningsPayment,
} from './earnings-figures';

function payment(amountPaise: number, at: string, student: string, keptAsCredit = false): EarningsPayment {
  return { amountPaise, keptAsCredit, at: new Date(at), batchStudentId: null, studentKey: student, studentName: student, batchName: 'Evening batch' };
}

/** A day in June 2025, under the fee rounded down. */
const inJune2025 = new Date('2025-06-02T04:00:00Z');

const figureKeys = ['collectedPaise', 'creditKeptPaise', 'refundedPaise', 'gstPaise', 'feePaise', 'netPaise', 'payments', 'refunds'] as const;

function only(row: EarningsFigures): EarningsFigures {
  return Object.fromEntries(figureKeys.map((key) => [key, row[key]])) as unknown as EarningsFigures;
}

describe("a teacher's earnings, to the paisa", () => {
  test('a ₹1,500 payment: the GST on its receipt, 10 % of the taxable value to Kalike, the rest to the teacher', () => {
    // Taxable ₹1,271.18 with CGST and SGST ₹114.41 each (docs/payments.md); 10 % of ₹1,271.18 is ₹127.118, rounded down.
    expect(paymentFigures(150_000, false, 1_000, inJune2025)).toEqual({
      collectedPaise: 150_000,
      creditKeptPaise: 0,
      gstPaise: 22_882,
      feePaise: 12_711,
      netPaise: 114_407,
      payments: 1,
      refundedPaise: 0,
      refunds: 0,
    });
  });

  test('a ₹3,200 payment kept as credit still counts as collected, and says so', () => {
    // Taxable ₹2,711.86, CGST and SGST ₹244.07 each.
    expect(paymentFigures(320_000, true, 1_000, inJune2025)).toEqual({
      collectedPaise: 320_000,
      creditKeptPaise: 320_000,
      gstPaise: 48_814,
      feePaise: 27_118,
      netPaise: 244_068,
      payments: 1,
      refundedPaise: 0,
      refunds: 0,
    });
  });

  test('a refund of ₹2,400 takes back its own GST, fee and take-home, whichever sign the ledger gave it', () => {
    // ₹2,033.90 taxable, ₹183.05 of CGST and of SGST, a fee of ₹203.39: ₹1,830.51 to the teacher, all taken back.
    const expected = {
      collectedPaise: 0,
      creditKeptPaise: 0,
      refundedPaise: 240_000,
      gstPaise: -36_610,
      feePaise: -20_339,
      netPaise: -183_051,
      payments: 0,
      refunds: 1,
    };
    expect(refundFigures(-240_000, 1_000, inJune2025)).toEqual(expected);
    expect(refundFigures(240_000, 1_000, inJune2025)).toEqual(expected);
    // A payment and its full refund leave nothing but the two amounts side by side.
    expect(addFigures(paymentFigures(240_000, false, 1_000, inJune2025), expected)).toEqual({
      collectedPaise: 240_000,
      creditKeptPaise: 0,
      refundedPaise: 240_000,
      gstPaise: 0,
      feePaise: 0,
      netPaise: 0,
      payments: 1,
      refunds: 1,
    });
  });

  test('a refund counts in the month it was booked, on its student’s row, whenever its payment was', () => {
    const statement = earningsStatement({
      from: '2025-06',
      to: '2025-07',
      feeBasisPoints: 1_000,
      payments: [payment(240_000, '2025-06-10T04:00:00Z', 'Saanvi'), payment(240_000, '2025-07-02T04:00:00Z', 'Ishaan')],
      refunds: [payment(-240_000, '2025-07-05T04:00:00Z', 'Saanvi'), payment(-60_000, '2025-07-06T04:00:00Z', 'Ishaan')],
    });
    const [june, july] = statement.months;
    expect(only(june as EarningsFigures)).toEqual(paymentFigures(240_000, false, 1_000, inJune2025));
    expect(july?.students.map((row) => [row.studentName, row.payments, row.refunds, row.refundedPaise])).toEqual([
      ['Ishaan', 1, 1, 60_000],
      ['Saanvi', 0, 1, 240_000],
    ]);
    expect(july?.students[1]).toMatchObject({ collectedPaise: 0, gstPaise: -36_610, feePaise: -20_339, netPaise: -183_051 });
    // Over both months Saanvi's payment and refund cancel out; Ishaan keeps the take-home of ₹1,800.
    expect(statement.totals.netPaise).toBe(
      teacherTakeHome(240_000, 1_000, inJune2025).teacherReceivesPaise - teacherTakeHome(60_000, 1_000, inJune2025).teacherReceivesPaise,
    );
  });

  test('months run on the Bengaluru calendar: midnight IST on 1 July is July', () => {
    expect(istMonthOf(new Date('2025-06-30T18:29:59.999Z'))).toBe('2025-06');
    expect(istMonthOf(new Date('2025-06-30T18:30:00.000Z'))).toBe('2025-07');
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2025-06', '2025-06')).toEqual(['2025-06']);
    expect(monthsBetween('2025-07', '2025-06')).toEqual([]);
    expect(nextMonth('2025-12')).toBe('2026-01');
    expect(nextMonth('2025-09')).toBe('2025-10');
  });

  test('a statement has every month asked for, students by name, and rows that add up', () => {
    const statement = earningsStatement({
      from: '2025-05',
      to: '2025-07',
      feeBasisPoints: 1_000,
      payments: [
        payment(150_000, '2025-06-02T04:00:00Z', 'Saanvi'),
        payment(320_000, '2025-06-10T04:00:00Z', 'Ishaan', true),
        payment(150_000, '2025-06-20T04:00:00Z', 'Saanvi'),
        payment(100, '2025-06-30T18:30:00Z', 'Saanvi'),
        payment(999_900, '2025-08-01T04:00:00Z', 'Saanvi'),
      ],
      refunds: [],
    });
    expect(statement.months.map((month) => month.month)).toEqual(['2025-05', '2025-06', '2025-07']);
    const [may, june, july] = statement.months;
    expect(may).toMatchObject({ students: [], ...noFigures });
    expect(june?.students.map((row) => row.studentName)).toEqual(['Ishaan', 'Saanvi']);
    expect(only(june?.students[1] as EarningsFigures)).toEqual(
      addFigures(paymentFigures(150_000, false, 1_000, inJune2025), paymentFigures(150_000, false, 1_000, inJune2025)),
    );
    expect(only(june as EarningsFigures)).toEqual({
      collectedPaise: 620_000,
      creditKeptPaise: 320_000,
      gstPaise: 22_882 * 2 + 48_814,
      feePaise: 12_711 * 2 + 27_118,
      netPaise: 114_407 * 2 + 244_068,
      payments: 3,
      refundedPaise: 0,
      refunds: 0,
    });
    // ₹1 on 1 July at midnight in Bengaluru; August is outside the statement.
    expect(only(july as EarningsFigures)).toEqual(paymentFigures(100, false, 1_000, new Date('2025-06-30T18:30:00Z')));
    expect(statement.totals).toEqual(addFigures(only(june as EarningsFigures), only(july as EarningsFigures)));
  });

  test('from December 2026 a month of ₹4,000 and ₹5,440 books ₹800.00 of fee and ₹7,200.00 to the teacher, to the paisa', () => {
    const december = earningsStatement({
      from: '2026-12',
      to: '2026-12',
      feeBasisPoints: 1_000,
      payments: [payment(400_000, '2026-12-03T04:00:00Z', 'Saanvi'), payment(544_000, '2026-12-20T04:00:00Z', 'Saanvi')],
      refunds: [],
    });
    expect(only(december.totals)).toMatchObject({
      collectedPaise: 944_000,
      creditKeptPaise: 0,
      gstPaise: 144_000,
      feePaise: 80_000,
      netPaise: 720_000,
      payments: 2,
    });
    // The same two payments in November were booked with the fee rounded down, and stay so.
    const november = earningsStatement({
      from: '2026-11',
      to: '2026-11',
      feeBasisPoints: 1_000,
      payments: [payment(400_000, '2026-11-03T04:00:00Z', 'Saanvi'), payment(544_000, '2026-11-20T04:00:00Z', 'Saanvi')],
      refunds: [],
    });
    expect(only(november.totals)).toMatchObject({ feePaise: 79_999, netPaise: 720_001 });
  });

  test('for any payments and refunds, students add up to months, months to totals and to the take-home of each payment less each refund’s, and net is collected − refunded − GST − fee', () => {
    const anyPayment = fc.record({
      amountPaise: fc.integer({ min: 100, max: 5_000_000 }),
      keptAsCredit: fc.boolean(),
      at: fc.date({ min: new Date('2024-12-31T00:00:00Z'), max: new Date('2027-02-01T00:00:00Z'), noInvalidDate: true }),
      student: fc.constantFrom('Meera', 'ಕಿರಣ್', 'Arjun'),
    });
    fc.assert(
      fc.property(
        fc.array(anyPayment, { maxLength: 40 }),
        fc.array(anyPayment, { maxLength: 10 }),
        fc.integer({ min: 0, max: 5_000 }),
        (payments, refunds, feeBasisPoints) => {
          const entry = (p: (typeof payments)[number]) => ({ ...p, batchStudentId: null, studentKey: p.student, studentName: p.student, batchName: null });
          const statement = earningsStatement({
            from: '2025-01',
            to: '2026-12',
            feeBasisPoints,
            payments: payments.map(entry),
            refunds: refunds.map((r) => entry({ ...r, amountPaise: -r.amountPaise })),
          });
          const inStatement = (p: { at: Date }) => istMonthOf(p.at) >= '2025-01' && istMonthOf(p.at) <= '2026-12';
          const inRange = payments.filter(inStatement);
          const refundsInRange = refunds.filter(inStatement);
          expect(statement.totals.collectedPaise).toBe(inRange.reduce((sum, p) => sum + p.amountPaise, 0));
          expect(statement.totals.refundedPaise).toBe(refundsInRange.reduce((sum, p) => sum + p.amountPaise, 0));
          const gstOf = (list: typeof payments) => list.reduce((sum, p) => sum + gstSplit(p.amountPaise).cgstPaise * 2, 0);
          expect(statement.totals.gstPaise).toBe(gstOf(inRange) - gstOf(refundsInRange));
          expect([statement.totals.payments, statement.totals.refunds]).toEqual([inRange.length, refundsInRange.length]);
          const rows = [statement.totals, ...statement.months, ...statement.months.flatMap((month) => month.students)];
          for (const row of rows) {
            expect(row.netPaise).toBe(row.collectedPaise - row.refundedPaise - row.gstPaise - row.feePaise);
            if (row.refunds === 0) expect(row.netPaise).toBeGreaterThanOrEqual(0);
          }
          for (const month of statement.months) {
            expect(only(month)).toEqual(month.students.reduce<EarningsFigures>((sum, row) => addFigures(sum, only(row)), noFigures));
            // The month is the sum of what the take-home calculation says of each of its payments, less each of its refunds, part by part.
            const inMonth = (list: typeof payments) =>
              list.filter((p) => istMonthOf(p.at) === month.month).map((p) => teacherTakeHome(p.amountPaise, feeBasisPoints, p.at));
            const [paid, refunded] = [inMonth(inRange), inMonth(refundsInRange)];
            const sumOf = (key: 'familyPaysPaise' | 'gstPaise' | 'kalikeFeePaise' | 'teacherReceivesPaise') =>
              paid.reduce((sum, split) => sum + split[key], 0) - (key === 'familyPaysPaise' ? 0 : refunded.reduce((sum, split) => sum + split[key], 0));
            expect([month.collectedPaise, month.gstPaise, month.feePaise, month.netPaise]).toEqual([
              sumOf('familyPaysPaise'),
              sumOf('gstPaise'),
              sumOf('kalikeFeePaise'),
              sumOf('teacherReceivesPaise'),
            ]);
          }
          expect(statement.totals).toEqual(statement.months.reduce<EarningsFigures>((sum, row) => addFigures(sum, only(row)), noFigures));
        },
      ),
      { numRuns: 200 },
    );
  });

  test("for any payments and refunds, the payouts page's earned money is the take-home of each payment less each refund's, as the statement's net is", () => {
    const anyAmount = fc.integer({ min: 100, max: 5_000_000 });
    fc.assert(
      fc.property(fc.array(anyAmount, { maxLength: 20 }), fc.array(anyAmount, { maxLength: 5 }), fc.integer({ min: 0, max: 5_000 }), (paid, refunded, rate) => {
        const at = new Date('2025-06-10T04:00:00Z');
        const balance = payoutBalance({
          payments: paid.map((amountPaise) => ({ amountPaise, keptAsCredit: false, at })),
          refunds: refunded.map((amountPaise) => ({ amountPaise: -amountPaise, at })),
          payoutEntriesPaise: [],
          holdUntil: at,
          feeBasisPoints: rate,
        });
        const receives = (amounts: number[]) => amounts.reduce((sum, amount) => sum + teacherTakeHome(amount, rate, at).teacherReceivesPaise, 0);
        expect(balance.earnedPaise).toBe(receives(paid) - receives(refunded));
        const statement = earningsStatement({
          from: '2025-06',
          to: '2025-06',
          feeBasisPoints: rate,
          payments: paid.map((amountPaise) => payment(amountPaise, at.toISOString(), 'Meera')),
          refunds: refunded.map((amountPaise) => payment(-amountPaise, at.toISOString(), 'Meera')),
        });
        expect(statement.totals.netPaise).toBe(balance.earnedPaise);
        expect(statement.totals.netPaise).toBe(receives(paid) - receives(refunded));
      }),
      { numRuns: 200 },
    );
  });
});
