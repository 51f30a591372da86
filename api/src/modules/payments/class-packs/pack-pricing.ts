import type { PriceBreakdown } from '@kalike/shared/contracts/payments';
import type { ClassPackPlanRow } from '../../../shared/class-pack-plans';
import { classPackPrice } from '../checkout/pricing';
import { referralDiscountFor, type CouponVerdict, type ReferralVerdict } from '../discounts/discounts.service';
import type { PaymentsQueries } from '../payments.repository';
import { planNotFound } from './packs';

/** The discounts' verdicts as the pricing reads them: a coupon only when valid, a referral only when it applies. */
export function planPrice(plan: ClassPackPlanRow, coupon: CouponVerdict | null, referral: ReferralVerdict | null, creditPaise = 0): PriceBreakdown {
  return classPackPrice(
    plan.price_paise,
    {
      coupon: coupon?.valid ? { discountPaise: coupon.discountPaise, code: coupon.coupon.code, description: coupon.coupon.description } : null,
      referral: referral?.referral ? { discountPaise: referralDiscountFor(referral, plan.price_paise), code: referral.referral.code } : null,
    },
    creditPaise,
  );
}

/** What a batch student has in credit on the ledger; it pays towards their next pack. */
export async function creditOf(reader: Pick<PaymentsQueries, 'ledger'>, batchStudentId: string): Promise<number> {
  return Math.max(0, await reader.ledger.balanceOf(batchStudentId));
}

/** One of the batch's class packs, or 404 PLAN_NOT_FOUND naming the field that asked for it. */
export function findPlan(plans: readonly ClassPackPlanRow[], planId: string, field?: string): ClassPackPlanRow {
  const plan = plans.find((candidate) => candidate.id === planId);
  if (!plan) throw planNotFound(field);
  return plan;
}
