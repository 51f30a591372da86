import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import { ApiError, isApiError } from '@kalike/shared/api/api-error';
import type { Coords, ReverseGeocodeResponse } from '@kalike/shared/contracts/geo';
import { chooseAddress } from '@kalike/shared/location/choose-address';
import { maxAddressLength } from '@kalike/shared/location/location-store';

import { geoKeys } from './geo-keys';

/** An address a person can confirm: spec §3's Location without its source. */
export interface ResolvedAddress {
  address: string;
  pincode: string;
  coords: Coords;
}

/** The API's 422 for a point outside Bengaluru. */
export const isOutsideServiceArea = (error: unknown): boolean => isApiError(error) && error.code === 'OUTSIDE_SERVICE_AREA';

/** Set here, not by the API: the geocoder answered, but with nothing a person could confirm. */
export const noAddressCode = 'NO_ADDRESS';

/** Rounds to about a metre, so tiny map jitters share one answer. */
export const roundCoords = ({ lat, lng }: Coords): Coords => ({
  lat: Math.round(lat * 1e5) / 1e5,
  lng: Math.round(lng * 1e5) / 1e5,
});

/**
 * Turns a point into the address to show (spec §5, through chooseAddress). The person's
 * own point is kept as the coordinates: the pin is where they are, not the centre of
 * the area whose name describes it.
 */
export async function reverseGeocode(coords: Coords, signal?: AbortSignal): Promise<ResolvedAddress> {
  const response = await apiGet<ReverseGeocodeResponse>('v1/geo/reverse', {
    searchParams: { lat: coords.lat, lng: coords.lng },
    signal,
  });
  const chosen = chooseAddress(response);
  if (!chosen || !chosen.address || !chosen.pincode || !/^\d{6}$/.test(chosen.pincode)) {
    // A 4xx-shaped error, so react-query does not ask again: the answer would be the same.
    throw new ApiError({ statusCode: 422, code: noAddressCode, message: 'We could not find an address with a pincode here.' });
  }
  return { address: chosen.address.slice(0, maxAddressLength), pincode: chosen.pincode, coords };
}

export const reverseGeocodeQueryOptions = (coords: Coords) => {
  const rounded = roundCoords(coords);
  return queryOptions({
    queryKey: geoKeys.reverse(rounded),
    queryFn: ({ signal }) => reverseGeocode(rounded, signal),
  });
};
