import fc from 'fast-check';
import { takeHomeAnswers } from '@kalike/shared/testing/take-home-fixture';
import {
  amountDuePaise,
  changePlanDuePaise,
  couponDiscountPaise,
  creditNoteNumber,
  financialYear,
  gstSplit,
  kalikeFeePaise,
  packValidity,
  perClassPaise,
  priceBreakdown,
  receiptNumber,
  referralDiscountPaise,
  nearestPaisaFeeFrom,
  refundSplitPaise,
  sumPaise,
  savingsPaise,
  teacherTakeHome,
  unusedCreditPaise,
} from './money';

// Every expected number below was worked out by hand (shown beside it), not by the code.

/** A payment under each fee rule: rounded down (before December 2026), to the nearest paisa (from then). */
const roundedDown = new Date('2025-06-02T03:30:00.000Z');
const nearest = new Date('2026-12-01T03:30:00.000Z');

describe('money arithmetic', () => {
  test.each([
    // total, taxable = round(total / 1.18) moved a paisa towards the exact value when the tax would be odd, halves equal
    [118_000, 100_000, 9_000, 9_000], // exactly 1000.00 + 18 %
    [450_000, 381_356, 34_322, 34_322], // 450000 / 1.18 = 381355.93; tax 68644, even
    [333_333, 282_485, 25_424, 25_424], // 333333 / 1.18 = 282485.59; 282486 leaves 50847 (odd): 282485, tax 50848
    [360_000, 305_084, 27_458, 27_458], // 360000 / 1.18 = 305084.75; 305085 leaves 54915 (odd): 305084, tax 54916
    [150_000, 127_118, 11_441, 11_441], // a ₹1,500 link: 127118.64; 127119 left CGST ₹114.40 and SGST ₹114.41
    [100_001, 84_747, 7_627, 7_627], // 84746.61; 84747 leaves 15254, even
    [100_003, 84_749, 7_627, 7_627], // 84748.31; 84748 leaves 15255 (odd): up to 84749, tax 15254
    [100, 84, 8, 8], // the ₹1 minimum: 100 / 1.18 = 84.75; 85 leaves 15 (odd): 84, tax 16
    [1, 1, 0, 0],
    [0, 0, 0, 0],
  ])('GST inside %i paise: taxable %i, CGST %i, SGST %i', (total, taxable, cgst, sgst) => {
    const split = gstSplit(total);
    expect(split).toEqual({ taxablePaise: taxable, cgstPaise: cgst, sgstPaise: sgst });
    expect(split.taxablePaise + split.cgstPaise + split.sgstPaise).toBe(total);
  });

  test('the GST parts always add up to the total, the halves are equal, and the taxable value is within a paisa and a half of exact', () => {
    for (let total = 0; total <= 200_000; total += 7) {
      const { taxablePaise, cgstPaise, sgstPaise } = gstSplit(total);
      expect(taxablePaise + cgstPaise + sgstPaise).toBe(total);
      expect(cgstPaise).toBe(sgstPaise);
      expect(Math.abs(taxablePaise - (total * 10_000) / 11_800)).toBeLessThanOrEqual(1.5);
    }
  });

  test('coupons: percent rounds down, flat is capped at the base', () => {
    expect(couponDiscountPaise(450_000, { kind: 'percent', value: 10 })).toBe(45_000);
    expect(couponDiscountPaise(333_333, { kind: 'percent', value: 15 })).toBe(49_999); // 49999.95
    expect(couponDiscountPaise(450_000, { kind: 'flat', value: 50_000 })).toBe(50_000);
    expect(couponDiscountPaise(30_000, { kind: 'flat', value: 50_000 })).toBe(30_000);
  });

  test('referral: 10 % of the pack, rounded down, at most ₹500', () => {
    expect(referralDiscountPaise(450_000)).toBe(45_000);
    expect(referralDiscountPaise(12_345)).toBe(1_234); // 1234.5
    expect(referralDiscountPaise(900_000)).toBe(50_000); // 90000 capped
  });

  test('a price is base minus discounts with its GST split', () => {
    expect(
      priceBreakdown({
        basePaise: 450_000,
        couponDiscountPaise: 45_000,
        referralDiscountPaise: 45_000,
        coupon: { code: 'WELCOME10', description: '10 % off' },
        referralCode: 'ASHA2024',
      }),
    ).toEqual({
      basePaise: 450_000,
      couponDiscountPaise: 45_000,
      referralDiscountPaise: 45_000,
      creditPaise: 0,
      totalPaise: 360_000,
      taxablePaise: 305_084,
      cgstPaise: 27_458,
      sgstPaise: 27_458,
      coupon: { code: 'WELCOME10', description: '10 % off' },
      referralCode: 'ASHA2024',
    });
  });

  test('discounts never take the total under the ₹1 minimum: the coupon is cut back first, then the referral', () => {
    expect(priceBreakdown({ basePaise: 40_000, couponDiscountPaise: 40_000 })).toMatchObject({ couponDiscountPaise: 39_900, totalPaise: 100 });
    expect(priceBreakdown({ basePaise: 10_000, couponDiscountPaise: 9_950, referralDiscountPaise: 1_000 })).toMatchObject({
      couponDiscountPaise: 9_900,
      referralDiscountPaise: 0,
      totalPaise: 100,
      referralCode: null,
    });
    expect(() => priceBreakdown({ basePaise: 99 })).toThrow(RangeError);
    expect(() => priceBreakdown({ basePaise: 100.5 })).toThrow(RangeError);
  });

  test('credit pays after the discounts: all of it, or all but the ₹1 minimum, never a total between', () => {
    // ₹4,000 less 10 % is ₹3,600; ₹3,200 of credit leaves ₹400 to pay.
    expect(priceBreakdown({ basePaise: 400_000, couponDiscountPaise: 40_000, creditPaise: 320_000 })).toMatchObject({
      creditPaise: 320_000,
      totalPaise: 40_000,
    });
    // More credit than the price: the credit pays it all and nothing is charged.
    expect(priceBreakdown({ basePaise: 320_000, creditPaise: 500_000 })).toEqual(
      expect.objectContaining({ creditPaise: 320_000, totalPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0 }),
    );
    // 50 paise would be left: the credit takes one rupee less and ₹1 is charged.
    expect(priceBreakdown({ basePaise: 320_000, creditPaise: 319_950 })).toMatchObject({ creditPaise: 319_900, totalPaise: 100 });
    expect(() => priceBreakdown({ basePaise: 320_000, creditPaise: -1 })).toThrow(RangeError);
  });

  test('what is owed is charged as is, raised to the ₹1 minimum; nothing owed is nothing to pay', () => {
    expect(amountDuePaise(12_345)).toBe(12_345);
    expect(amountDuePaise(50)).toBe(100);
    expect(amountDuePaise(0)).toBeNull();
    expect(amountDuePaise(-2_000)).toBeNull();
  });

  test('savings against the smallest pack per class', () => {
    const smallest = { classesCount: 8, pricePaise: 400_000 }; // ₹500 a class
    expect(savingsPaise(smallest, smallest)).toBe(0);
    expect(savingsPaise({ classesCount: 12, pricePaise: 570_000 }, smallest)).toBe(30_000); // 600000 − 570000
    expect(savingsPaise({ classesCount: 24, pricePaise: 1_080_000 }, smallest)).toBe(120_000); // 1200000 − 1080000
    expect(savingsPaise({ classesCount: 10, pricePaise: 600_000 }, smallest)).toBe(0); // dearer per class
    expect(savingsPaise({ classesCount: 10, pricePaise: 300_000 }, { classesCount: 3, pricePaise: 100_000 })).toBe(33_333); // 333333.33 − 300000
  });

  test('per-class price and the credit for unused classes', () => {
    expect(perClassPaise({ classesCount: 12, pricePaise: 570_000 })).toBe(47_500);
    expect(perClassPaise({ classesCount: 3, pricePaise: 2_000 })).toBe(667);
    // 382500 × 5 / 8 = 239062.5
    expect(unusedCreditPaise({ paidPaise: 382_500, classesTotal: 8, classesLeft: 5 })).toBe(239_062);
    // Three unused of three at a rounded 667 would be 2001: the credit never exceeds what was paid.
    expect(unusedCreditPaise({ paidPaise: 2_000, classesTotal: 3, classesLeft: 3 })).toBe(2_000);
    expect(unusedCreditPaise({ paidPaise: 2_000, classesTotal: 3, classesLeft: 0 })).toBe(0);
    expect(changePlanDuePaise(570_000, 239_062)).toBe(330_938);
    expect(changePlanDuePaise(400_000, 450_000)).toBe(-50_000);
  });

  test('dates: validity counts today, financial years turn on 1 April IST, receipts are numbered per year', () => {
    expect(packValidity(new Date('2025-06-02T03:30:00Z'), 35)).toEqual({ validFrom: '2025-06-02', validUntil: '2025-07-06' });
    // 23:59 on 31 March in Bengaluru is still the old year; a minute later is the new one.
    expect(financialYear(new Date('2026-03-31T18:29:59Z'))).toBe('2025-26');
    expect(financialYear(new Date('2026-03-31T18:30:00Z'))).toBe('2026-27');
    expect(financialYear(new Date('1999-06-01T00:00:00Z'))).toBe('1999-00');
    expect(receiptNumber('2026-27', 123)).toBe('KLK/2026-27/000123');
    // 15 characters: within the 16 a credit note's number may have.
    expect(creditNoteNumber('2026-27', 1)).toBe('CN/26-27/000001');
  });

  test('a refund goes back to its payment as far as the payment has money left; the rest is credit', () => {
    expect(refundSplitPaise(250_000, 360_000)).toEqual({ originalPaise: 250_000, creditPaise: 0 });
    // A ₹4,000 pack paid ₹3,200 in money and ₹800 in credit, refunded whole: ₹3,200 back, ₹800 credit.
    expect(refundSplitPaise(400_000, 320_000)).toEqual({ originalPaise: 320_000, creditPaise: 80_000 });
    expect(refundSplitPaise(50_000, 0)).toEqual({ originalPaise: 0, creditPaise: 50_000 });
  });

  test('a total of amounts in paise; anything but integer paise is refused', () => {
    expect(sumPaise([])).toBe(0);
    expect(sumPaise([200_000, 150_050, 1])).toBe(350_051);
    expect(() => sumPaise([100, 0.5])).toThrow(RangeError);
  });

  test('what a teacher receives from a ₹2,400 pack: GST as on the receipt, 10 % of the taxable value, the rest', () => {
    // 240000 / 1.18 = 203389.83 → 203390, tax 36610 (even): ₹183.05 each half; 10 % of ₹2,033.90 is ₹203.39; 203390 − 20339.
    expect(teacherTakeHome(240_000, 1_000, roundedDown)).toEqual({
      familyPaysPaise: 240_000,
      taxablePaise: 203_390,
      cgstPaise: 18_305,
      sgstPaise: 18_305,
      gstPaise: 36_610,
      kalikeFeeBasisPoints: 1_000,
      kalikeFeePaise: 20_339,
      teacherReceivesPaise: 183_051,
    });
  });

  test('ten payments of ₹800 add up, part by part, to ten times one', () => {
    // 80000 / 1.18 = 67796.61; 67797 leaves 12203 (odd): 67796, tax 12204; fee floor(6779.6) = 6779; 67796 − 6779 = 61017.
    const one = teacherTakeHome(80_000, 1_000, roundedDown);
    expect(one).toMatchObject({ gstPaise: 12_204, kalikeFeePaise: 6_779, teacherReceivesPaise: 61_017 });
    const ten = Array.from({ length: 10 }, () => teacherTakeHome(80_000, 1_000, roundedDown));
    const sum = (key: 'familyPaysPaise' | 'gstPaise' | 'kalikeFeePaise' | 'teacherReceivesPaise') => ten.reduce((total, split) => total + split[key], 0);
    expect([sum('familyPaysPaise'), sum('gstPaise'), sum('kalikeFeePaise'), sum('teacherReceivesPaise')]).toEqual([800_000, 122_040, 67_790, 610_170]);
  });

  test('before December 2026 the fee rounds down, never against the teacher, and follows the configured rate', () => {
    expect(kalikeFeePaise(9, 1_000, roundedDown)).toBe(0);
    expect(kalikeFeePaise(19, 1_000, roundedDown)).toBe(1);
    expect(kalikeFeePaise(127_118, 0, roundedDown)).toBe(0);
    expect(kalikeFeePaise(127_118, 1_250, roundedDown)).toBe(15_889); // 15889.75
    expect(() => kalikeFeePaise(100, 5_001, nearest)).toThrow(RangeError);
    expect(() => kalikeFeePaise(100, 12.5, nearest)).toThrow(RangeError);
    expect(() => kalikeFeePaise(-1, 1_000, nearest)).toThrow(RangeError);
    expect(() => teacherTakeHome(100.5, 1_000, nearest)).toThrow(RangeError);
  });

  test('from December 2026 the fee is the nearest paisa, exactly half a paisa going to the teacher', () => {
    // The last instant of November in Bengaluru is still rounded down; midnight of 1 December is not.
    expect(kalikeFeePaise(127_118, 1_250, new Date(nearestPaisaFeeFrom.getTime() - 1))).toBe(15_889);
    expect(kalikeFeePaise(127_118, 1_250, nearest)).toBe(15_890); // 15889.75
    expect(kalikeFeePaise(9, 1_000, nearest)).toBe(1); // 0.9
    expect(kalikeFeePaise(14, 1_000, nearest)).toBe(1); // 1.4
    expect(kalikeFeePaise(15, 1_000, nearest)).toBe(1); // 1.5: the half stays with the teacher
    expect(kalikeFeePaise(16, 1_000, nearest)).toBe(2); // 1.6
    expect(kalikeFeePaise(800_000, 1_000, nearest)).toBe(80_000);
  });

  test('a month of ₹4,000 and ₹5,440 (₹8,000 taxable) shows ₹800.00 of fee and ₹7,200.00 received, where rounding down showed ₹799.99 and ₹7,200.01', () => {
    // 400000 / 1.18 = 338983.05 → 338983 leaves 61017 (odd), so 338984; fee 33898.4.
    // 544000 / 1.18 = 461016.95 → 461017 leaves 82983 (odd), so 461016; fee 46101.6.
    const month = (at: Date) => [400_000, 544_000].map((price) => teacherTakeHome(price, 1_000, at));
    const sum = (splits: ReturnType<typeof month>, key: 'taxablePaise' | 'kalikeFeePaise' | 'teacherReceivesPaise') =>
      splits.reduce((total, split) => total + split[key], 0);
    const now = month(nearest);
    expect(now.map((split) => split.kalikeFeePaise)).toEqual([33_898, 46_102]);
    expect([sum(now, 'taxablePaise'), sum(now, 'kalikeFeePaise'), sum(now, 'teacherReceivesPaise')]).toEqual([800_000, 80_000, 720_000]);
    const before = month(roundedDown);
    expect([sum(before, 'taxablePaise'), sum(before, 'kalikeFeePaise'), sum(before, 'teacherReceivesPaise')]).toEqual([800_000, 79_999, 720_001]);
  });

  test('for any price and rate: GST + fee + what the teacher receives is what the family pays, and the fee is the rate of the taxable value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 5_000 }), (price, rate) => {
        const split = teacherTakeHome(price, rate, nearest);
        expect(split.gstPaise + split.kalikeFeePaise + split.teacherReceivesPaise).toBe(price);
        expect(split.taxablePaise + split.gstPaise).toBe(price);
        expect(split.cgstPaise).toBe(split.sgstPaise);
        // Nearest: within half a paisa of the exact rate, a tie below it (with the teacher).
        const exact = split.taxablePaise * rate;
        expect(2 * (split.kalikeFeePaise * 10_000 - exact)).toBeLessThanOrEqual(10_000 - 1);
        expect(2 * (exact - split.kalikeFeePaise * 10_000)).toBeLessThanOrEqual(10_000);
        // A whole number of paise at the exact rate is that number, nothing rounded.
        if (exact % 10_000 === 0) expect(split.kalikeFeePaise * 10_000).toBe(exact);
        expect(split.teacherReceivesPaise).toBeGreaterThanOrEqual(0);
        // Before December 2026 the same price had the fee rounded down, never more than the nearest.
        const earlier = teacherTakeHome(price, rate, roundedDown);
        expect(earlier.kalikeFeePaise * 10_000).toBeLessThanOrEqual(exact);
        expect(split.kalikeFeePaise - earlier.kalikeFeePaise).toBeGreaterThanOrEqual(0);
        expect(split.kalikeFeePaise - earlier.kalikeFeePaise).toBeLessThanOrEqual(1);
      }),
      { numRuns: 500 },
    );
  });

  test("the API's answers the screens' tests use are this calculation's", () => {
    for (const [price, answer] of Object.entries(takeHomeAnswers)) expect(teacherTakeHome(Number(price), 1_000, nearest)).toEqual(answer);
  });
});
