import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { UpcomingSessions } from '@kalike/shared/contracts/sessions';
import { upcomingDays } from '@kalike/shared/domain/session-values';

import { sessionKeys, type SessionsRole } from '../../../api/session-keys';

const upcomingPaths: Record<SessionsRole, string> = {
  learner: 'v1/class/sessions/learner/upcoming',
  teacher: 'v1/class/sessions/teacher/upcoming',
};

/** The family's sessions (learner) or the teacher's own batches' sessions, `days` IST days from today. */
export function getUpcomingSessions(role: SessionsRole, days: number, signal?: AbortSignal): Promise<UpcomingSessions> {
  return apiGet<UpcomingSessions>(upcomingPaths[role], { searchParams: { days }, signal });
}

export const upcomingSessionsQueryOptions = (role: SessionsRole, days: number = upcomingDays.default) =>
  queryOptions({
    queryKey: sessionKeys.upcoming(role, days),
    queryFn: ({ signal }) => getUpcomingSessions(role, days, signal),
    // A class the teacher calls off should show when the parent comes back to the tab or app.
    refetchOnWindowFocus: true,
  });

export function useUpcomingSessions(role: SessionsRole, days: number = upcomingDays.default) {
  return useQuery(upcomingSessionsQueryOptions(role, days));
}
