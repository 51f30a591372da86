import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { LearnerUpdate, LearnerUpdates } from '@kalike/shared/contracts/learner-updates';
import { learnerUpdateKinds } from '@kalike/shared/domain/session-values';

import { learnerUpdateKeys } from './learner-update-keys';

export function getLearnerUpdates(signal?: AbortSignal): Promise<LearnerUpdates> {
  return apiGet<LearnerUpdates>('v1/learners/updates', { signal });
}

const knownKinds = new Set<string>(learnerUpdateKinds);

/**
 * Newest first, whatever order they came in; a kind this build does not know yet (the API
 * may add one before the page is updated) is left out rather than breaking the list.
 */
export function newestKnownFirst(updates: readonly LearnerUpdate[]): LearnerUpdate[] {
  return updates.filter((update) => knownKinds.has(update.kind)).sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
}

export const learnerUpdatesQueryOptions = () =>
  queryOptions({
    queryKey: learnerUpdateKeys.list(),
    queryFn: ({ signal }) => getLearnerUpdates(signal),
    select: (data) => newestKnownFirst(data.updates),
    refetchOnWindowFocus: true,
  });

export function useLearnerUpdates() {
  return useQuery(learnerUpdatesQueryOptions());
}
