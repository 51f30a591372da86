import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { TeacherPage } from '@kalike/shared/contracts/teacher-listings';

import { listingKeys, type LearnerPoint } from '../../listings/api/listing-keys';

/**
 * The teacher's page from the learner's point (spec §7 `lat`/`long`): the API measures each
 * in-person listing's distance from there and leaves online ones without one.
 */
export function getTeacherPage(teacherSlug: string, point: LearnerPoint, signal?: AbortSignal): Promise<TeacherPage> {
  return apiGet<TeacherPage>(`v1/marketplace/teacherListings/slug/${encodeURIComponent(teacherSlug)}`, {
    searchParams: { lat: point.lat, long: point.long },
    signal,
  });
}

export const teacherPageQueryOptions = (teacherSlug: string, point: LearnerPoint) =>
  queryOptions({
    queryKey: listingKeys.teacherPage(teacherSlug, point),
    queryFn: ({ signal }) => getTeacherPage(teacherSlug, point, signal),
    // A moved pin asks again; the previous page stays on screen meanwhile.
    placeholderData: (previous) => previous,
    meta: { silent: true },
  });

export function useTeacherPage(teacherSlug: string, point: LearnerPoint) {
  return useQuery(teacherPageQueryOptions(teacherSlug, point));
}
