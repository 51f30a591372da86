import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiSend } from '@kalike/shared/api/client';
import type { TeacherJoinBody, TeacherJoinResponse, TeachingTerms } from '@kalike/shared/contracts/teacher-joining';
import { rootKeys } from '@kalike/shared/query/query-keys';

/** Under `me`: what joining would mean for the person reading it. */
export const teacherJoiningKeys = {
  terms: () => [...rootKeys.me, 'teaching-terms'] as const,
};

export function getTeachingTerms(signal?: AbortSignal): Promise<TeachingTerms> {
  return apiGet<TeachingTerms>('v1/teachers/join/terms', { signal });
}

export const teachingTermsQueryOptions = () =>
  queryOptions({
    queryKey: teacherJoiningKeys.terms(),
    queryFn: ({ signal }) => getTeachingTerms(signal),
  });

export function joinAsTeacher(body: TeacherJoinBody): Promise<TeacherJoinResponse> {
  return apiSend<TeacherJoinResponse>('post', 'v1/teachers/join', body);
}
