import type { Coords, GeocodeResult, ReverseGeocodeResponse } from '@kalike/shared/contracts/geo';

export interface ChosenAddress {
  address: string;
  /** Six-digit PIN from a postal_code component; null when no result carries one. */
  pincode: string | null;
  coords: Coords;
}

/** A plus code at the start of a formatted address ("7J4V+2C Bengaluru, …"), per the OLC alphabet. */
const LEADING_PLUS_CODE = /^[23456789CFGHJMPQRVWX]{2,8}\+[23456789CFGHJMPQRVWX]{0,3},?\s*/;

const hasType = (result: GeocodeResult, type: string) => result.types.includes(type);

// Google marks areas as sublocality_level_1..5 as well as (or instead of) plain sublocality.
const isAreaLike = (result: GeocodeResult) =>
  result.types.some((type) => type === 'premise' || type === 'street_address' || type === 'sublocality' || type.startsWith('sublocality_level_'));

function postalCodeOf(result: GeocodeResult): string | null {
  const component = result.address_components.find((c) => c.types.includes('postal_code'));
  return component ? component.long_name : null;
}

/** Removes a leading plus code, which means nothing to a learner reading the address. */
export function stripPlusCode(formattedAddress: string): string {
  return formattedAddress.replace(LEADING_PLUS_CODE, '').trim();
}

/**
 * Picks the address to show for a reverse-geocoded point (spec §5), in order:
 * 1. a GEOMETRIC_CENTER result that is neither a plus code nor a route (an area's centre reads best);
 * 2. a premise, sublocality or street-address result;
 * 3. the first result that is not the whole country.
 * Returns null when nothing qualifies (ZERO_RESULTS, or only "India").
 */
export function chooseAddress(response: ReverseGeocodeResponse): ChosenAddress | null {
  if (response.status !== 'OK') return null;
  const { results } = response;

  const chosen =
    results.find((r) => r.geometry.location_type === 'GEOMETRIC_CENTER' && !hasType(r, 'plus_code') && !hasType(r, 'route')) ??
    results.find(isAreaLike) ??
    results.find((r) => !hasType(r, 'country'));
  if (!chosen) return null;

  let pincode = postalCodeOf(chosen);
  for (const result of results) {
    if (pincode) break;
    pincode = postalCodeOf(result);
  }

  return {
    address: stripPlusCode(chosen.formatted_address),
    pincode,
    coords: { lat: chosen.geometry.location.lat, lng: chosen.geometry.location.lng },
  };
}
