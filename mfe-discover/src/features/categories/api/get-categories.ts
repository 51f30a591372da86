import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { CategoryList } from '@kalike/shared/contracts/categories';

import { categoryKeys } from './category-keys';

export function getCategories(signal?: AbortSignal): Promise<CategoryList> {
  return apiGet<CategoryList>('v1/marketplace/categories', { signal });
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: categoryKeys.list(),
    queryFn: ({ signal }) => getCategories(signal),
    select: (data) => data.categories,
    // The list renders its own error state with a retry, so no toast as well.
    meta: { silent: true },
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
