/**
 * An Indian mobile number in E.164 (+91XXXXXXXXXX), or null for anything else. The phone
 * metadata is about 100 KB, so it loads only when somebody types a number.
 */
export async function toIndianMobile(input: string): Promise<string | null> {
  // The mobile metadata makes isValid() true only for mobile numbers, which teachers can call or message.
  const { parsePhoneNumberFromString } = await import(/* webpackChunkName: "indian-mobile" */ 'libphonenumber-js/mobile');
  const phone = parsePhoneNumberFromString(input, 'IN');
  if (!phone || phone.country !== 'IN' || !phone.isValid()) return null;
  return phone.number;
}
