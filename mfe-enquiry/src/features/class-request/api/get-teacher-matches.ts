import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import { rootKeys } from '@kalike/shared/query/query-keys';
import { useLearnerPoint, type LearnerPoint } from '@kalike/shared/location/learner-point';
import type { TeacherMatches } from '@kalike/shared/contracts/enquiries';
import type { EnquiryMode } from '@kalike/shared/domain/enquiry-lifecycle';
import type { TimeOfDay } from '@kalike/shared/domain/listing-values';

export interface MatchAsk {
  categorySlug: string;
  mode: EnquiryMode;
  days: readonly number[];
  times: readonly TimeOfDay[];
}

/** The nearest teachers of a subject, each with whether it fits what was asked and why (the API decides). */
export const teacherMatchesQueryOptions = (ask: MatchAsk, point: LearnerPoint) => {
  const days = [...new Set(ask.days)].sort((a, b) => a - b).join(',');
  const times = [...new Set(ask.times)].join(',');
  return queryOptions({
    // Under the listings root (public, not personal), apart from discover's paged lists.
    queryKey: [...rootKeys.listings, 'enquiry-matches', { category: ask.categorySlug, mode: ask.mode, days, times }, point] as const,
    queryFn: ({ signal }) =>
      apiGet<TeacherMatches>('v1/marketplace/enquiries/teacher-matches', {
        searchParams: { category: ask.categorySlug, lat: point.lat, long: point.long, mode: ask.mode, days, times },
        signal,
      }),
    select: (answer) => answer.matches,
  });
};

export function useTeacherMatches(ask: MatchAsk, { enabled }: { enabled: boolean }) {
  return useQuery({ ...teacherMatchesQueryOptions(ask, useLearnerPoint()), enabled });
}
