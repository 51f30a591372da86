import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { TeacherPage } from '@kalike/shared/contracts/teacher-listings';
import type { LearnerPoint } from '@kalike/shared/location/learner-point';
import { rootKeys } from '@kalike/shared/query/query-keys';

/**
 * The teacher's public page is read by two remotes: discover shows it, enquiry addresses an
 * enquiry to it. Both build the key here, so the page a learner just saw is the one the
 * enquiry form opens with, and invalidating `teacherPageKeys.all` covers both.
 */
export const teacherPageKeys = {
  all: [...rootKeys.listings, 'teacher-page'] as const,
  detail: (teacherSlug: string, point: LearnerPoint) => [...teacherPageKeys.all, teacherSlug, point] as const,
};

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
    queryKey: teacherPageKeys.detail(teacherSlug, point),
    queryFn: ({ signal }) => getTeacherPage(teacherSlug, point, signal),
    // A moved pin asks again; the same teacher's page stays on screen meanwhile. Another
    // teacher's page never stands in: it would name the wrong teacher.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === teacherSlug ? previous : undefined),
  });

export function useTeacherPage(teacherSlug: string, point: LearnerPoint) {
  return useQuery(teacherPageQueryOptions(teacherSlug, point));
}
