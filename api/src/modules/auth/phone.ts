import { demoPhoneFromInput } from '@kalike/shared/format/demo-phones';
import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

export interface PhoneRules {
  /**
   * Whether the demo range (+91 00000 XXXXX, shared/src/format/demo-phones.ts) counts as a
   * number: only while texts stay on this machine (no SMS provider), so seeded people can
   * sign in to the local demo and nothing is ever sent to, or signed in as, a demo number
   * on a deployment.
   */
  acceptDemoNumbers: boolean;
}

/**
 * An Indian mobile number in E.164 (+91XXXXXXXXXX), or null.
 *
 * This uses the package's `mobile` metadata rather than the default `min`: `min` checks only
 * the length, and a Bengaluru landline (080 2222 3333 is +91 80 2222 3333) has the same length
 * and first digit as many mobiles, so only the allocated mobile ranges can tell them apart.
 */
export function normaliseIndianMobile(input: string, rules: PhoneRules = { acceptDemoNumbers: false }): string | null {
  if (rules.acceptDemoNumbers) {
    const demo = demoPhoneFromInput(input);
    if (demo) return demo;
  }
  const parsed = parsePhoneNumberFromString(input.trim(), 'IN');
  if (!parsed || parsed.country !== 'IN' || !parsed.isValid()) return null;
  return /^\+91[6-9]\d{9}$/.test(parsed.number) ? parsed.number : null;
}
