import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import { rootKeys } from '@kalike/shared/query/query-keys';
import { useBaseLocation } from '@kalike/shared/location/location-store';
import type { CategoryListingPage } from '@kalike/shared/contracts/teacher-listings';

interface Point {
  lat: number;
  long: number;
}

/** Four decimals is about 11 m: the API normalises to the same, so finer points only split the cache. */
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** Teachers of a subject nearest the learner, to choose from for a general request. */
export const nearbyListingsQueryOptions = (categorySlug: string, point: Point) =>
  queryOptions({
    // Under the listings root (public, not personal), apart from discover's paged lists.
    queryKey: [...rootKeys.listings, 'enquiry-choices', categorySlug, point] as const,
    queryFn: ({ signal }) =>
      apiGet<CategoryListingPage>(`v1/marketplace/categories/${encodeURIComponent(categorySlug)}/teacherListings`, {
        searchParams: { lat: point.lat, long: point.long },
        signal,
      }),
    select: (page) => page.listings,
    meta: { silent: true },
  });

export function useNearbyListings(categorySlug: string, { enabled }: { enabled: boolean }) {
  const { coords } = useBaseLocation();
  const point = { lat: round4(coords.lat), long: round4(coords.lng) };
  return useQuery({ ...nearbyListingsQueryOptions(categorySlug, point), enabled });
}
