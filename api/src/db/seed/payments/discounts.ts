import type { Insertable } from 'kysely';
import { formatPercent } from '@kalike/shared/format/percent';
import type { CouponsTable } from '../../schema';
import { wellKnownLearners } from '../accounts';
import { wellKnownReferralCodes } from '../payments';
import type { PaymentsSeedContext } from './payments-seed-context';

/** What a paid order needs of a coupon it used. */
type SeededCoupon = Pick<Insertable<CouponsTable>, 'kind' | 'value'> & { id: string };
/** The seeded coupons by code. */
export type SeededCoupons = ReadonlyMap<string, SeededCoupon>;

export function couponRows(daysAgo: PaymentsSeedContext['daysAgo']): Insertable<CouponsTable>[] {
  return [
    {
      code: 'WELCOME10',
      kind: 'percent',
      value: 10,
      min_amount_paise: 100_000,
      description: `${formatPercent(10)} off a class pack of ₹1,000 or more`,
      valid_from: daysAgo(90),
      valid_until: daysAgo(-365),
    },
    {
      code: 'FLAT500',
      kind: 'flat',
      value: 50_000,
      min_amount_paise: 300_000,
      description: '₹500 off a class pack of ₹3,000 or more',
      valid_from: daysAgo(90),
      valid_until: daysAgo(-365),
    },
    {
      code: 'EXPIRED20',
      kind: 'percent',
      value: 20,
      description: `${formatPercent(20)} off, for the spring sale`,
      valid_from: daysAgo(120),
      valid_until: daysAgo(30),
    },
    {
      code: 'ONCE15',
      kind: 'percent',
      value: 15,
      max_uses_per_learner: 1,
      description: `${formatPercent(15)} off, once per family`,
      valid_from: daysAgo(90),
      valid_until: daysAgo(-365),
    },
    {
      code: 'SOLDOUT',
      kind: 'percent',
      value: 25,
      max_uses_total: 1,
      description: `${formatPercent(25)} off for the first family only`,
      valid_from: daysAgo(90),
      valid_until: daysAgo(-365),
    },
  ];
}

/** Coupons in every state: open, with a minimum, expired, once per learner and used up. */
export async function seedCoupons({ db, random, daysAgo }: PaymentsSeedContext): Promise<SeededCoupons> {
  const coupons = new Map<string, SeededCoupon>();
  for (const coupon of couponRows(daysAgo)) {
    const id = random.uuid();
    coupons.set(coupon.code, { id, kind: coupon.kind, value: coupon.value });
    await db
      .insertInto('coupons')
      .values({ ...coupon, id, created_at: daysAgo(120) })
      .execute();
  }
  return coupons;
}

/** The seeded learners' referral codes; returns how many were written. */
export async function seedReferralCodes({ db, random, daysAgo }: PaymentsSeedContext): Promise<number> {
  const referrals: [string, string][] = [
    [wellKnownLearners.asha.accountId, wellKnownReferralCodes.asha],
    [wellKnownLearners.rahul.accountId, wellKnownReferralCodes.rahul],
    [wellKnownLearners.kavya.accountId, wellKnownReferralCodes.kavya],
  ];
  await db
    .insertInto('referral_codes')
    .values(referrals.map(([learnerAccountId, code]) => ({ id: random.uuid(), learner_account_id: learnerAccountId, code, created_at: daysAgo(60) })))
    .execute();
  return referrals.length;
}
