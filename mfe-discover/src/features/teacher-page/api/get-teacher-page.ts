import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { TeacherPage } from '@kalike/shared/contracts/teacher-listings';

import { listingKeys } from '../../listings/api/listing-keys';

/**
 * The teacher's public page. It carries no learner point, so one cached answer serves
 * everyone (and the enquiry remote, which reads the same key); distance is measured here.
 */
export function getTeacherPage(teacherSlug: string, signal?: AbortSignal): Promise<TeacherPage> {
  return apiGet<TeacherPage>(`v1/marketplace/teacherListings/slug/${encodeURIComponent(teacherSlug)}`, { signal });
}

export const teacherPageQueryOptions = (teacherSlug: string) =>
  queryOptions({
    queryKey: listingKeys.teacherPage(teacherSlug),
    queryFn: ({ signal }) => getTeacherPage(teacherSlug, signal),
    meta: { silent: true },
  });

export function useTeacherPage(teacherSlug: string) {
  return useQuery(teacherPageQueryOptions(teacherSlug));
}
