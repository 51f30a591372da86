import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { CategoryListingPage } from '@kalike/shared/contracts/teacher-listings';

import { filterParams, type ListingFilters } from '../../../utils/listing-filters';
import type { LearnerPoint } from '@kalike/shared/location/learner-point';
import { categoryListSlug, listingKeys } from '../../../api/listing-keys';

export interface CategoryListingsRequest {
  categorySlug: string;
  filters: ListingFilters;
  point: LearnerPoint;
  cursor?: string | null;
  signal?: AbortSignal;
}

export function getCategoryListings({ categorySlug, filters, point, cursor, signal }: CategoryListingsRequest): Promise<CategoryListingPage> {
  return apiGet<CategoryListingPage>(`v1/marketplace/categories/${encodeURIComponent(categorySlug)}/teacherListings`, {
    searchParams: { lat: point.lat, long: point.long, ...filterParams(filters), cursor: cursor ?? undefined },
    signal,
  });
}

export const categoryListingsQueryOptions = (categorySlug: string, filters: ListingFilters, point: LearnerPoint) =>
  infiniteQueryOptions({
    queryKey: listingKeys.learner.categoryList(categorySlug, filters, point),
    queryFn: ({ pageParam, signal }) => getCategoryListings({ categorySlug, filters, point, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // While new filters load, the results for the old ones stay (dimmed); never another category's.
    placeholderData: (previous, previousQuery) => (categoryListSlug(previousQuery?.queryKey) === categorySlug ? previous : undefined),
  });
