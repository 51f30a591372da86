import type { PhoneRules } from '@kalike/shared/domain/indian-mobile';

/**
 * `normaliseIndianMobile` for a page: the phone metadata is about 100 KB, so it loads only
 * when somebody has typed a number.
 */
export async function toIndianMobile(input: string, rules?: PhoneRules): Promise<string | null> {
  const { normaliseIndianMobile } = await import(/* webpackChunkName: "indian-mobile" */ '@kalike/shared/domain/indian-mobile');
  return normaliseIndianMobile(input, rules);
}
