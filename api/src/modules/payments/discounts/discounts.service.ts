import { formatPaise } from '@kalike/shared/format/money';
import { formatBasisPoints } from '@kalike/shared/format/percent';
import type { ReferralCheck } from '@kalike/shared/contracts/payments';
import { couponCodePattern, referralCodePattern } from '@kalike/shared/domain/payment-values';
import { couponDiscountPaise, referralDiscountBasisPoints, referralDiscountCapPaise, referralDiscountPaise } from '../money';
import { ORDER_GRACE_MS } from '../orders/order-rules';
import type { PaymentsQueries } from '../payments.repository';
import type { CouponRow, ReferralCodeRow } from './discounts.repository';

const couponPattern = new RegExp(couponCodePattern);
const referralPattern = new RegExp(referralCodePattern);

export type CouponVerdict =
  | { valid: true; message: string; coupon: CouponRow; discountPaise: number }
  | { valid: false; message: string; reason: 'unknown' | 'not_yet_valid' | 'expired' | 'below_minimum' | 'used_up' | 'used_up_by_you' };

export type ReferralVerdict = { check: ReferralCheck; referral: ReferralCodeRow | null };

/** Codes are typed by people: spaces dropped, letters upper-cased before they are looked up. */
export function normaliseCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

// Orders of the same batch student still waiting for payment are left out of the counts: the
// new order replaces them, so they hold no use.

/**
 * Whether a coupon applies to this learner and amount now, and what it takes off. Checked in
 * the order a learner would want to hear it: unknown, not started, over, too small an amount,
 * used up overall, used up by them. Orders still waiting for payment hold a use.
 */
export async function evaluateCoupon(
  tx: Pick<PaymentsQueries, 'discounts'>,
  input: { learnerAccountId: string; code: string; basePaise: number; at: Date; batchStudentId: string },
  /**
   * `reserve`: for an order about to be written in the same transaction. The coupon row is
   * locked before its uses are counted, so a concurrent checkout waits here and then counts
   * this order's use; counting first would let every concurrent checkout see the last use free.
   */
  { reserve = false }: { reserve?: boolean } = {},
): Promise<CouponVerdict> {
  const code = normaliseCode(input.code);
  // Unknown, switched off, not started, over and used up all answer alike, so guessing codes
  // cannot tell which exist; the checks are also rate-limited per user and address.
  const unusable = `${code || 'That'} is not a coupon you can use now`;
  const coupon = couponPattern.test(code) ? await (reserve ? tx.discounts.lockCouponByCode(code) : tx.discounts.findCouponByCode(code)) : undefined;
  if (!coupon || !coupon.active) return { valid: false, reason: 'unknown', message: unusable };
  const at = input.at.getTime();
  if (at < new Date(coupon.valid_from).getTime()) return { valid: false, reason: 'not_yet_valid', message: unusable };
  if (at > new Date(coupon.valid_until).getTime()) return { valid: false, reason: 'expired', message: unusable };
  if (input.basePaise < coupon.min_amount_paise) {
    return { valid: false, reason: 'below_minimum', message: `${code} applies to amounts of ${formatPaise(coupon.min_amount_paise)} or more` };
  }
  if (
    coupon.max_uses_total !== null &&
    (await tx.discounts.countCouponUses(coupon.id, input.at, ORDER_GRACE_MS, undefined, input.batchStudentId)) >= coupon.max_uses_total
  ) {
    return { valid: false, reason: 'used_up', message: unusable };
  }
  if (
    coupon.max_uses_per_learner !== null &&
    (await tx.discounts.countCouponUses(coupon.id, input.at, ORDER_GRACE_MS, input.learnerAccountId, input.batchStudentId)) >= coupon.max_uses_per_learner
  ) {
    return { valid: false, reason: 'used_up_by_you', message: `You have already used ${code}` };
  }
  const discountPaise = couponDiscountPaise(input.basePaise, { kind: coupon.kind, value: coupon.value });
  return { valid: true, coupon, discountPaise, message: `${code}: ${coupon.description}. You save ${formatPaise(discountPaise)}.` };
}

/** A referral code gives a new learner a discount on their first class pack; never one's own. */
export async function evaluateReferral(
  tx: Pick<PaymentsQueries, 'discounts'>,
  input: { learnerAccountId: string; code: string; at: Date; batchStudentId: string },
): Promise<ReferralVerdict> {
  const code = normaliseCode(input.code);
  const invalid = (message: string): ReferralVerdict => ({ check: { code, valid: false, message }, referral: null });
  // Whether the learner may use any referral code is answered before the code is looked up, so
  // only an eligible learner learns whether a code exists (and each check is rate-limited).
  if (await tx.discounts.hasPaidClassPack(input.learnerAccountId)) return invalid('Referral codes are for a first class pack, and you have bought one before');
  if (await tx.discounts.hasLiveReferralOrder(input.learnerAccountId, input.at, ORDER_GRACE_MS, input.batchStudentId)) {
    return invalid('A referral discount is already on another order of yours waiting for payment');
  }
  const referral = referralPattern.test(code) ? await tx.discounts.findReferralByCode(code) : undefined;
  if (!referral) return invalid(`There is no referral code ${code || 'like that'}`);
  if (referral.learner_account_id === input.learnerAccountId) return invalid('Your own referral code is for the friends you invite');
  return {
    check: {
      code,
      valid: true,
      message: `${code}: ${formatBasisPoints(referralDiscountBasisPoints)} off your first class pack, up to ${formatPaise(referralDiscountCapPaise)}`,
    },
    referral,
  };
}

export function referralDiscountFor(verdict: ReferralVerdict, basePaise: number): number {
  return verdict.referral ? referralDiscountPaise(basePaise) : 0;
}
