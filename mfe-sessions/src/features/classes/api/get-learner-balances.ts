import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { LearnerBalances } from '@kalike/shared/contracts/payments';

import { classKeys } from './class-keys';

export function getLearnerBalances(signal?: AbortSignal): Promise<LearnerBalances> {
  return apiGet<LearnerBalances>('v1/ledgers/learners/balances', { signal });
}

export const learnerBalancesQueryOptions = () =>
  queryOptions({
    queryKey: classKeys.balances(),
    queryFn: ({ signal }) => getLearnerBalances(signal),
    select: (data) => data.balances,
    // Coming back from paying in another tab or the app should show the new balance.
    refetchOnWindowFocus: true,
  });

/** Each of the family's batch students with its current class pack, balance and latest ledger lines. */
export function useLearnerBalances({ enabled }: { enabled: boolean }) {
  return useQuery({ ...learnerBalancesQueryOptions(), enabled });
}
