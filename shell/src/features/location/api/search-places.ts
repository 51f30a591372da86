import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { Place, PlacesResponse } from '@kalike/shared/contracts/geo';

import { geoKeys } from './geo-keys';

/** The API accepts 2–60 characters (PlacesQuerySchema). */
export const minPlaceSearchLength = 2;
export const maxPlaceSearchLength = 60;

export function normalisePlaceSearch(text: string): string {
  return text.trim().replace(/\s+/g, ' ').slice(0, maxPlaceSearchLength);
}

export function searchPlaces(search: string, signal?: AbortSignal): Promise<PlacesResponse> {
  return apiGet<PlacesResponse>('v1/geo/places', { searchParams: { search }, signal });
}

export const placesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: geoKeys.places(search),
    queryFn: ({ signal }): Promise<Place[]> => searchPlaces(search, signal).then((data) => data.places),
    enabled: search.length >= minPlaceSearchLength,
  });
