import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

/**
 * An Indian mobile number in E.164 (+91XXXXXXXXXX), or null.
 *
 * This uses the package's `mobile` metadata rather than the default `min`: `min` checks only
 * the length, and a Bengaluru landline (080 2222 3333 is +91 80 2222 3333) has the same length
 * and first digit as many mobiles, so only the allocated mobile ranges can tell them apart.
 */
export function normaliseIndianMobile(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), 'IN');
  if (!parsed || parsed.country !== 'IN' || !parsed.isValid()) return null;
  return /^\+91[6-9]\d{9}$/.test(parsed.number) ? parsed.number : null;
}
