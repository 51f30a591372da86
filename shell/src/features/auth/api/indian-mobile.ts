// The mobile metadata makes isValid() true only for mobile numbers: codes go by SMS.
import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

/** An Indian mobile number in E.164 (+91XXXXXXXXXX), or null for anything else. */
export function toIndianMobile(input: string): string | null {
  const phone = parsePhoneNumberFromString(input, 'IN');
  if (!phone || phone.country !== 'IN' || !phone.isValid()) return null;
  return phone.number;
}
