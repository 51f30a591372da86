import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { PendingSurvey, PendingSurveys } from '@kalike/shared/contracts/surveys';

import { learnerUpdateKeys } from './learner-update-keys';

export function getPendingSurveys(learnerAccountId: string, signal?: AbortSignal): Promise<PendingSurveys> {
  return apiGet<PendingSurveys>(`v1/surveys/learnerAccount/${encodeURIComponent(learnerAccountId)}/pending-surveys`, { signal });
}

/** The most recent class first: that is the one the family remembers best. */
export function latestClassFirst(surveys: readonly PendingSurvey[]): PendingSurvey[] {
  return [...surveys].sort((a, b) => Date.parse(b.sessionStartTime) - Date.parse(a.sessionStartTime));
}

export const pendingSurveysQueryOptions = (learnerAccountId: string) =>
  queryOptions({
    queryKey: learnerUpdateKeys.pendingSurveys(learnerAccountId),
    queryFn: ({ signal }) => getPendingSurveys(learnerAccountId, signal),
    select: (data) => latestClassFirst(data.surveys),
  });

export function usePendingSurveys(learnerAccountId: string) {
  return useQuery(pendingSurveysQueryOptions(learnerAccountId));
}
