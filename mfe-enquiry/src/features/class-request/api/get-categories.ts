import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import { rootKeys } from '@kalike/shared/query/query-keys';
import type { CategoryList } from '@kalike/shared/contracts/categories';

/** The enquiry form's choice of subject; the discover remote owns the category pages. */
export const enquiryCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: [...rootKeys.categories, 'list'] as const,
    queryFn: ({ signal }) => apiGet<CategoryList>('v1/marketplace/categories', { signal }),
    select: (data) => data.categories,
    meta: { silent: true },
  });

export function useEnquiryCategories() {
  return useQuery(enquiryCategoriesQueryOptions());
}
