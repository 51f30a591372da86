import { latestPayoutSlot, nextPayoutSlot, payoutBalance, payoutIdempotencyKey } from './payout-figures';

const monday10 = { weekday: 1, timeIst: '10:00' };
const at = (iso: string) => new Date(iso);

describe('what a teacher can be paid, to the paisa', () => {
  const holdUntil = at('2025-06-10T00:00:00Z');

  test("earned is the statement's net: ₹1,500 paid is ₹1,144.07 after GST and Kalike's 10 %", () => {
    const balance = payoutBalance({
      payments: [{ amountPaise: 150_000, keptAsCredit: false, at: at('2025-06-01T00:00:00Z') }],
      refunds: [],
      payoutEntriesPaise: [],
      holdUntil,
      feeBasisPoints: 1_000,
    });
    expect(balance).toEqual({ earnedPaise: 114_407, refundedPaise: 0, heldPaise: 0, paidOutPaise: 0, balancePaise: 114_407, payablePaise: 114_407 });
  });

  test('a payment younger than the hold is held, not payable', () => {
    const balance = payoutBalance({
      payments: [
        { amountPaise: 150_000, keptAsCredit: false, at: at('2025-06-01T00:00:00Z') },
        { amountPaise: 150_000, keptAsCredit: false, at: at('2025-06-10T00:00:00.001Z') },
      ],
      refunds: [],
      payoutEntriesPaise: [],
      holdUntil,
      feeBasisPoints: 1_000,
    });
    expect(balance).toMatchObject({ earnedPaise: 228_814, heldPaise: 114_407, payablePaise: 114_407 });
  });

  test('a refund takes back its own net (₹500: taxable ₹423.72, fee ₹42.37, net ₹381.35), whatever its sign on the ledger', () => {
    for (const amountPaise of [-50_000, 50_000]) {
      const balance = payoutBalance({
        payments: [{ amountPaise: 150_000, keptAsCredit: false, at: at('2025-06-01T00:00:00Z') }],
        refunds: [{ amountPaise, at: at('2025-06-02T00:00:00Z') }],
        payoutEntriesPaise: [],
        holdUntil,
        feeBasisPoints: 1_000,
      });
      expect(balance.earnedPaise).toBe(114_407 - 38_135);
      expect(balance.payablePaise).toBe(114_407 - 38_135);
    }
  });

  test('payouts paid or on their way come off; a reversed one comes back; the payable never goes below zero', () => {
    const payments = [{ amountPaise: 150_000, keptAsCredit: false, at: at('2025-06-01T00:00:00Z') }];
    const paidOnce = payoutBalance({ payments, refunds: [], payoutEntriesPaise: [-100_000], holdUntil, feeBasisPoints: 1_000 });
    expect(paidOnce).toMatchObject({ paidOutPaise: 100_000, balancePaise: 14_407, payablePaise: 14_407 });
    const reversed = payoutBalance({ payments, refunds: [], payoutEntriesPaise: [-100_000, 100_000], holdUntil, feeBasisPoints: 1_000 });
    expect(reversed).toMatchObject({ paidOutPaise: 0, payablePaise: 114_407 });
    const refundedAfterPayout = payoutBalance({
      payments,
      refunds: [{ amountPaise: 150_000, at: holdUntil }],
      payoutEntriesPaise: [-114_407],
      holdUntil,
      feeBasisPoints: 1_000,
    });
    expect(refundedAfterPayout).toMatchObject({ balancePaise: -114_407, payablePaise: 0 });
  });

  test('the weekly slot is Monday 10:00 in Bengaluru: the latest at or before now, and the next after it', () => {
    // Thursday 2025-06-05 12:00 IST.
    expect(latestPayoutSlot(at('2025-06-05T06:30:00Z'), monday10).toISOString()).toBe('2025-06-02T04:30:00.000Z');
    expect(nextPayoutSlot(at('2025-06-05T06:30:00Z'), monday10).toISOString()).toBe('2025-06-09T04:30:00.000Z');
    // Monday 09:59 IST is still last week's slot; 10:00 is this week's.
    expect(latestPayoutSlot(at('2025-06-09T04:29:00Z'), monday10).toISOString()).toBe('2025-06-02T04:30:00.000Z');
    expect(latestPayoutSlot(at('2025-06-09T04:30:00Z'), monday10).toISOString()).toBe('2025-06-09T04:30:00.000Z');
    expect(nextPayoutSlot(at('2025-06-09T04:30:00Z'), monday10).toISOString()).toBe('2025-06-16T04:30:00.000Z');
    // Sunday 23:00 UTC is already Monday 04:30 IST, before the slot.
    expect(nextPayoutSlot(at('2025-06-08T23:00:00Z'), monday10).toISOString()).toBe('2025-06-09T04:30:00.000Z');
  });

  test('the idempotency key is the same for the same teacher, trigger and period, and fits Razorpay', () => {
    const teacher = '4f0c2a7e-1111-4a4a-9a9a-000000000001';
    expect(payoutIdempotencyKey(teacher, 'schedule', '2025-06-09')).toBe(payoutIdempotencyKey(teacher, 'schedule', '2025-06-09'));
    expect(payoutIdempotencyKey(teacher, 'schedule', '2025-06-09')).not.toBe(payoutIdempotencyKey(teacher, 'teacher', '2025-06-09'));
    expect(payoutIdempotencyKey(teacher, 'schedule', '2025-06-09')).not.toBe(payoutIdempotencyKey(teacher, 'schedule', '2025-06-16'));
    expect(payoutIdempotencyKey(teacher, 'schedule', '2025-06-09')).toMatch(/^po_[0-9a-f]{32}$/);
  });
});
