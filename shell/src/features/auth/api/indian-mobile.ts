// The mobile metadata makes isValid() true only for mobile numbers: codes go by SMS.
import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import { demoPhoneFromInput } from '@kalike/shared/format/demo-phones';

/**
 * An Indian mobile number in E.164 (+91XXXXXXXXXX), or null for anything else. A demo number
 * (00000 XXXXX, the seeded people's) is passed on too: only the API knows whether it runs as
 * the local demo, and anywhere else it answers INVALID_PHONE, which the form shows.
 */
export function toIndianMobile(input: string): string | null {
  const demo = demoPhoneFromInput(input);
  if (demo) return demo;
  const phone = parsePhoneNumberFromString(input, 'IN');
  if (!phone || phone.country !== 'IN' || !phone.isValid()) return null;
  return phone.number;
}
