import { couponCodePattern, referralCodePattern } from '@kalike/shared/domain/payment-values';

const coupon = new RegExp(couponCodePattern);
const referral = new RegExp(referralCodePattern);

export function checkCouponCode(code: string): string | null {
  return coupon.test(code) ? null : 'A coupon code is 4 to 20 letters and numbers.';
}

export function checkReferralCode(code: string): string | null {
  return referral.test(code) ? null : 'A referral code is 6 to 12 letters and numbers.';
}

/** A code from the URL, as the API would take it, or null. */
export function couponFromUrl(value: string | null): string | null {
  const code = value?.trim().toUpperCase() ?? '';
  return coupon.test(code) ? code : null;
}

export function referralFromUrl(value: string | null): string | null {
  const code = value?.trim().toUpperCase() ?? '';
  return referral.test(code) ? code : null;
}
