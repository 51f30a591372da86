import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { TeacherWeek } from '@kalike/shared/contracts/sessions';

import { sessionKeys } from '../../../../api/session-keys';

/** The teacher's classes Monday to Sunday; `week` is a Monday, or null for this week. */
export function getTeacherWeek(week: string | null, signal?: AbortSignal): Promise<TeacherWeek> {
  return apiGet<TeacherWeek>('v1/class/sessions/teacher/week', { searchParams: { week: week ?? undefined }, signal });
}

export const teacherWeekQueryOptions = (week: string | null) =>
  queryOptions({
    queryKey: sessionKeys.teach.week(week),
    queryFn: ({ signal }) => getTeacherWeek(week, signal),
    refetchOnWindowFocus: true,
  });

export function useTeacherWeek(week: string | null) {
  return useQuery(teacherWeekQueryOptions(week));
}
