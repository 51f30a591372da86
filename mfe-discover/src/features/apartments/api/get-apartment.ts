import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { ApartmentDetail } from '@kalike/shared/contracts/teacher-listings';

import { listingKeys } from '../../../api/listing-keys';

/** One apartment community and the classes held there. Public and the same for everyone. */
export function getApartment(slug: string, signal?: AbortSignal): Promise<ApartmentDetail> {
  return apiGet<ApartmentDetail>('v1/class/apartments', { searchParams: { slug }, signal });
}

export const apartmentQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: listingKeys.learner.apartment(slug),
    queryFn: ({ signal }) => getApartment(slug, signal),
  });

export function useApartment(slug: string) {
  return useQuery(apartmentQueryOptions(slug));
}
