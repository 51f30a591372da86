import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { SearchPage } from '@kalike/shared/contracts/teacher-listings';

import type { LearnerPoint } from '@kalike/shared/location/learner-point';
import { listingKeys } from '../../../api/listing-keys';
import { filterParams, type ListingFilters } from '../../../utils/listing-filters';

export interface SearchText {
  /** Trimmed text; empty means every listing near the learner. */
  q: string;
  /** Narrows to one category slug. */
  category?: string;
  /** The words only as typed, when the learner turned down the corrected reading. */
  exact?: boolean;
}

export function getSearchListings(
  search: SearchText,
  filters: ListingFilters,
  point: LearnerPoint,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SearchPage> {
  return apiGet<SearchPage>('v1/marketplace/teacherListings/search', {
    searchParams: {
      q: search.q || undefined,
      category: search.category,
      exact: search.exact ? true : undefined,
      lat: point.lat,
      long: point.long,
      ...filterParams(filters),
      cursor: cursor ?? undefined,
    },
    signal,
  });
}

export const searchListingsQueryOptions = (search: SearchText, filters: ListingFilters, point: LearnerPoint) =>
  infiniteQueryOptions({
    queryKey: listingKeys.learner.searchList(search, filters, point),
    queryFn: ({ pageParam, signal }) => getSearchListings(search, filters, point, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // Typing fires a search per pause: the previous results stay on screen until the next arrive.
    placeholderData: (previous) => previous,
  });

export function useSearchListings(search: SearchText, filters: ListingFilters, point: LearnerPoint, { enabled = true } = {}) {
  return useInfiniteQuery({ ...searchListingsQueryOptions(search, filters, point), enabled });
}
