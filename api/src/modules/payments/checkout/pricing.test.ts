import { balancePrice, classPackPrice, fixedPrice, freePrice, planChangePrice } from './pricing';

// Every expected number was worked out by hand beside it. GST is inside the total: taxable ≈ total / 1.18.

const noDiscounts = { coupon: null, referral: null };
const coupon = { discountPaise: 40_000, code: 'WELCOME10', description: '10 % off your first pack' };

describe('checkout pricing', () => {
  it('prices a class pack at its list price with GST inside', () => {
    const price = classPackPrice(400_000, noDiscounts);
    // 400000 / 1.18 = 338983.05; 338983 leaves 61017 (odd): up to 338984, tax 61016
    expect(price).toEqual({ ...freePrice(), basePaise: 400_000, totalPaise: 400_000, taxablePaise: 338_984, cgstPaise: 30_508, sgstPaise: 30_508 });
  });

  it('takes a coupon, then a referral, then the credit off the price', () => {
    const price = classPackPrice(400_000, { coupon, referral: { discountPaise: 40_000, code: 'MEERA123' } }, 20_000);
    // 4000 − 400 − 400 − 200 = ₹3,000; 300000 / 1.18 = 254237.29, tax 45763 (odd): 254238, tax 45762
    expect(price).toMatchObject({
      couponDiscountPaise: 40_000,
      referralDiscountPaise: 40_000,
      creditPaise: 20_000,
      totalPaise: 300_000,
      taxablePaise: 254_238,
      cgstPaise: 22_881,
      sgstPaise: 22_881,
      coupon: { code: 'WELCOME10', description: coupon.description },
      referralCode: 'MEERA123',
    });
  });

  it('lets credit pay a pack entirely, or leaves at least the ₹1 minimum for the gateway', () => {
    expect(classPackPrice(400_000, noDiscounts, 500_000)).toMatchObject({ creditPaise: 400_000, totalPaise: 0, taxablePaise: 0 });
    // ₹3,999.50 of credit would leave 50 paise, under the minimum: the credit is cut to leave ₹1.
    expect(classPackPrice(400_000, noDiscounts, 399_950)).toMatchObject({ creditPaise: 399_900, totalPaise: 100 });
  });

  it('refuses to sell a free pack', () => {
    expect(() => classPackPrice(0, noDiscounts)).toThrow(expect.objectContaining({ code: 'NOTHING_TO_PAY', statusCode: 409 }));
  });

  it('prices a plan change as the new pack less the old pack’s unused part and the ledger’s credit', () => {
    // 5700 − 2000 − 500 = ₹3,200
    expect(planChangePrice(570_000, 200_000, 50_000)).toMatchObject({ basePaise: 570_000, creditPaise: 250_000, totalPaise: 320_000 });
    expect(planChangePrice(400_000, 450_000, 0)).toMatchObject({ creditPaise: 400_000, totalPaise: 0 });
    // A pack under the ₹1 minimum switches for nothing.
    expect(planChangePrice(50, 0, 0)).toEqual(freePrice());
  });

  it('charges a balance owed, raised to the ₹1 minimum, and nothing when nothing is owed', () => {
    expect(balancePrice(0)).toBeNull();
    expect(balancePrice(-5_000)).toBeNull();
    expect(balancePrice(50)).toMatchObject({ basePaise: 100, totalPaise: 100 });
    expect(balancePrice(50_000)).toMatchObject({ basePaise: 50_000, totalPaise: 50_000, creditPaise: 0 });
  });

  it('charges a teacher’s link or request as asked, without discounts or credit', () => {
    // 150000 / 1.18 = 127118.64; 127119 leaves 22881 (odd): 127118, tax 22882
    expect(fixedPrice(150_000)).toEqual({
      ...freePrice(),
      basePaise: 150_000,
      totalPaise: 150_000,
      taxablePaise: 127_118,
      cgstPaise: 11_441,
      sgstPaise: 11_441,
    });
  });
});
