import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { CategoryList } from '@kalike/shared/contracts/categories';
import { rootKeys } from '@kalike/shared/query/query-keys';

/**
 * The category list is read by two remotes: discover lists the categories, enquiry offers
 * them as the subject of a request. One key, so either fills the cache for the other.
 */
export const categoryKeys = {
  all: rootKeys.categories,
  list: () => [...categoryKeys.all, 'list'] as const,
};

export function getCategories(signal?: AbortSignal): Promise<CategoryList> {
  return apiGet<CategoryList>('v1/marketplace/categories', { signal });
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: categoryKeys.list(),
    queryFn: ({ signal }) => getCategories(signal),
    select: (data) => data.categories,
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
