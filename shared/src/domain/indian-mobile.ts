// The mobile metadata makes isValid() true only for mobile numbers: codes go by SMS, and
// teachers call or message the number an enquiry gives.
import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import { demoPhoneFromInput } from '@kalike/shared/domain/demo-phones';

export interface PhoneRules {
  /**
   * Whether the demo range (+91 00000 XXXXX, domain/demo-phones.ts) counts as a number. The
   * sign-in form passes it on, since only the API knows whether it runs as the local demo;
   * a number a teacher is to call never is one.
   */
  acceptDemoNumbers: boolean;
}

/**
 * An Indian mobile number in E.164 (+91XXXXXXXXXX), or null for anything else, however it is
 * typed ("98450 12345", "+91 98450-12345", "09845012345").
 *
 * The `mobile` metadata rather than the default `min`: `min` checks only the length, and a
 * Bengaluru landline (080 2222 3333) has the same length as a mobile, so only the allocated
 * mobile ranges tell them apart. Indian mobiles begin with 6 to 9.
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
