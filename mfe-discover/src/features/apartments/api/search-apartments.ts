import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { ApartmentSearchResult } from '@kalike/shared/contracts/teacher-listings';

import { listingKeys } from '../../../api/listing-keys';

export function searchApartments(text: string, signal?: AbortSignal): Promise<ApartmentSearchResult> {
  return apiGet<ApartmentSearchResult>('v1/class/search-apartments', { searchParams: { search: text }, signal });
}

export const apartmentSearchQueryOptions = (text: string) =>
  queryOptions({
    queryKey: listingKeys.learner.apartmentSearch(text),
    queryFn: ({ signal }) => searchApartments(text, signal),
    select: (data) => data.apartments,
    // The list of matches stays while the next keystroke's answer is on its way.
    placeholderData: (previous) => previous,
  });

/** Names shorter than two letters match half of Bengaluru; the search waits for a second one. */
export const minApartmentSearchLength = 2;

export function useApartmentSearch(text: string) {
  return useQuery({ ...apartmentSearchQueryOptions(text), enabled: text.length >= minApartmentSearchLength });
}
