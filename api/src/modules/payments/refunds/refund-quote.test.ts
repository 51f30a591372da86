import { fullRefundDays } from '@kalike/shared/domain/refund-policy';
import { quoteParts, refundQuote, teacherEndedQuote, type QuotedPack } from './refund-quote';

// Eight classes paid ₹4,000 on 2 June; valid for 60 days.
const pack: QuotedPack = {
  status: 'active',
  paidPaise: 400_000,
  classesTotal: 8,
  classesUsed: 0,
  classesLeft: 8,
  paidOn: '2026-06-02',
  validUntil: '2026-07-31',
  refundedPaise: 0,
};

describe('refundQuote', () => {
  test(`the whole pack comes back through the ${fullRefundDays}th day, the day of payment being the first`, () => {
    expect(fullRefundDays).toBe(7);
    expect(refundQuote(pack, '2026-06-02')).toMatchObject({ rule: 'whole_pack', amountPaise: 400_000, classes: 8, wholePackUntil: '2026-06-08' });
    expect(refundQuote(pack, '2026-06-08')).toMatchObject({ rule: 'whole_pack', amountPaise: 400_000, classes: 8 });
  });

  test('from the day after the window, the unused classes at the price paid per class (whole here, as none is used)', () => {
    expect(refundQuote(pack, '2026-06-09')).toMatchObject({ rule: 'unused_classes', amountPaise: 400_000, classes: 8, wholePackUntil: null });
  });

  test('one class used inside the window: the unused classes, floor(paid × unused / total)', () => {
    const used = { ...pack, paidPaise: 340_000, classesTotal: 12, classesUsed: 1, classesLeft: 11 };
    // 340000 × 11 / 12 = 311666.67: rounded down, so a refund never exceeds what was paid.
    expect(refundQuote(used, '2026-06-03')).toMatchObject({ rule: 'unused_classes', amountPaise: 311_666, classes: 11 });
  });

  test('a class already refunded by an admin inside the window: the unused classes, never the whole amount again', () => {
    // ₹500 of the ₹4,000 went back with the class; the 7 left are worth ₹3,500, so ₹4,000 in all.
    expect(refundQuote({ ...pack, classesLeft: 7 }, '2026-06-03')).toMatchObject({ rule: 'unused_classes', amountPaise: 350_000, classes: 7 });
  });

  test('an expired, used-up, replaced or unpaid pack gives nothing', () => {
    expect(refundQuote(pack, '2026-07-31')).toMatchObject({ rule: 'unused_classes', amountPaise: 400_000 });
    expect(refundQuote(pack, '2026-08-01')).toEqual(expect.objectContaining({ rule: 'expired', amountPaise: 0, classes: 0 }));
    expect(refundQuote({ ...pack, classesUsed: 8, classesLeft: 0 }, '2026-06-03')).toMatchObject({ rule: 'nothing_left', amountPaise: 0 });
    expect(refundQuote({ ...pack, status: 'replaced' }, '2026-06-03')).toMatchObject({ rule: 'not_cancellable', amountPaise: 0 });
    expect(refundQuote({ ...pack, status: 'pending_payment' }, '2026-06-03')).toMatchObject({ rule: 'not_cancellable', amountPaise: 0 });
  });
});

describe('teacherEndedQuote', () => {
  test('every unused class at the price paid, whatever the window; nothing for an expired pack', () => {
    const used = { ...pack, classesUsed: 3, classesLeft: 5 };
    expect(teacherEndedQuote(used, '2026-07-01')).toMatchObject({ amountPaise: 250_000, classes: 5 });
    expect(teacherEndedQuote(used, '2026-08-01')).toMatchObject({ rule: 'expired', amountPaise: 0 });
  });
});

describe('what already went back from a pack', () => {
  test("an admin's refund of an amount (the classes stay) comes off what cancelling gives back: never more than was paid in all", () => {
    const goodwill = { ...pack, refundedPaise: 150_000 };
    // Inside the window the whole pack would be ₹4,000; ₹1,500 of it already went back.
    expect(refundQuote(goodwill, '2026-06-03')).toMatchObject({ rule: 'whole_pack', amountPaise: 250_000, classes: 8 });
    // After it, 5 unused classes are ₹2,500, which fits what is left.
    expect(refundQuote({ ...goodwill, classesUsed: 3, classesLeft: 5 }, '2026-06-20')).toMatchObject({ amountPaise: 250_000, classes: 5 });
    // A teacher ending the batch the same way; a pack refunded in full gives nothing more.
    expect(teacherEndedQuote({ ...pack, refundedPaise: 400_000 }, '2026-06-03')).toMatchObject({ amountPaise: 0, classes: 8 });
  });
});

describe('quoteParts', () => {
  test('the payment takes back what it still has; the part paid with credit comes back as credit', () => {
    // Paid ₹3,200 in money and ₹800 in credit; ₹2,500 of unused classes: all of it fits the payment.
    expect(quoteParts(250_000, 320_000)).toEqual({ originalMethodPaise: 250_000, creditPaise: 0 });
    // The whole ₹4,000 back: ₹3,200 to the payment, ₹800 as credit; the two parts make the amount.
    expect(quoteParts(400_000, 320_000)).toEqual({ originalMethodPaise: 320_000, creditPaise: 80_000 });
    // Paid entirely from credit: all of it as credit.
    expect(quoteParts(400_000, 0)).toEqual({ originalMethodPaise: 0, creditPaise: 400_000 });
  });
});
