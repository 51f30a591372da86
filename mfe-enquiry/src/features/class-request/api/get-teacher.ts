import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import { rootKeys } from '@kalike/shared/query/query-keys';
import type { TeacherPage } from '@kalike/shared/contracts/teacher-listings';

/**
 * The teacher an enquiry is addressed to. The page data is the same public, cacheable
 * document the teacher's page shows, so the key sits under the listings root.
 */
export const enquiryTeacherQueryOptions = (teacherSlug: string) =>
  queryOptions({
    queryKey: [...rootKeys.listings, 'teacher-page', teacherSlug] as const,
    queryFn: ({ signal }) =>
      apiGet<TeacherPage>(`v1/marketplace/teacherListings/slug/${encodeURIComponent(teacherSlug)}`, { signal }),
    meta: { silent: true },
  });

export function useEnquiryTeacher(teacherSlug: string) {
  return useQuery(enquiryTeacherQueryOptions(teacherSlug));
}
