import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { DiscoverHome } from '@kalike/shared/contracts/teacher-listings';

import type { LearnerPoint } from '@kalike/shared/location/learner-point';
import { listingKeys } from '../../../api/listing-keys';

export function getDiscoverHome(point: LearnerPoint, signal?: AbortSignal): Promise<DiscoverHome> {
  return apiGet<DiscoverHome>('v1/marketplace/discover', { searchParams: { lat: point.lat, long: point.long }, signal });
}

/** Every home section in one request, so a cheap phone paints the page after one round trip. */
export const discoverHomeQueryOptions = (point: LearnerPoint) =>
  queryOptions({
    queryKey: listingKeys.learner.discover(point),
    queryFn: ({ signal }) => getDiscoverHome(point, signal),
    // The answer fetched while the page's code downloads (exposed/pages.tsx) must count as
    // fresh when the page mounts a moment later, or the home makes its one request twice.
    // Half a minute keeps the spec's "always refetch on use" for any later visit.
    staleTime: 30_000,
  });

export function useDiscoverHome(point: LearnerPoint) {
  return useQuery(discoverHomeQueryOptions(point));
}
