import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { ReferralCard } from '@kalike/shared/contracts/learner-updates';

import { referralKeys } from './referral-keys';

export function getReferralCard(batchId: string, batchStudentId: string, signal?: AbortSignal): Promise<ReferralCard> {
  return apiGet<ReferralCard>(`v1/class/${encodeURIComponent(batchId)}/referral-card`, { searchParams: { batchStudentID: batchStudentId }, signal });
}

export const referralCardQueryOptions = (batchId: string, batchStudentId: string) =>
  queryOptions({
    queryKey: referralKeys.card(batchId, batchStudentId),
    queryFn: ({ signal }) => getReferralCard(batchId, batchStudentId, signal),
    // The code never changes once made; no need to ask again on every visit.
    staleTime: 60 * 60_000,
  });

export function useReferralCard(batchId: string, batchStudentId: string) {
  return useQuery(referralCardQueryOptions(batchId, batchStudentId));
}
