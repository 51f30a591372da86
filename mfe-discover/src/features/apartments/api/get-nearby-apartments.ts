import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { NearbyApartments } from '@kalike/shared/contracts/teacher-listings';

import type { LearnerPoint } from '@kalike/shared/location/learner-point';
import { listingKeys } from '../../../api/listing-keys';

export function getNearbyApartments(point: LearnerPoint, signal?: AbortSignal): Promise<NearbyApartments> {
  return apiGet<NearbyApartments>('v1/class/apartments', { searchParams: { lat: point.lat, long: point.long }, signal });
}

export const nearbyApartmentsQueryOptions = (point: LearnerPoint) =>
  queryOptions({
    queryKey: listingKeys.learner.nearbyApartments(point),
    queryFn: ({ signal }) => getNearbyApartments(point, signal),
    select: (data) => data.apartments,
  });

export function useNearbyApartments(point: LearnerPoint) {
  return useQuery(nearbyApartmentsQueryOptions(point));
}
