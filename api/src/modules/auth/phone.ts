import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * An Indian mobile number in E.164 (+91XXXXXXXXXX), or null. The `min` metadata checks the
 * length and country but carries no number types, so the mobile range (6–9 after +91) is
 * checked here; that alone keeps out landlines such as +91 80 2222 3333.
 */
export function normaliseIndianMobile(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), 'IN');
  if (!parsed || parsed.country !== 'IN' || !parsed.isValid()) return null;
  return /^\+91[6-9]\d{9}$/.test(parsed.number) ? parsed.number : null;
}
