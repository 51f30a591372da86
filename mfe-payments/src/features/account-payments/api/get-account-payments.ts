import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { AccountPayments } from '@kalike/shared/contracts/payments';

import { paymentKeys } from '../../../api/payment-keys';

export function getAccountPayments(cursor: string | null, signal?: AbortSignal): Promise<AccountPayments> {
  return apiGet<AccountPayments>('v1/account/payments', { searchParams: { cursor: cursor ?? undefined }, signal });
}

export const accountPaymentsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: paymentKeys.learner.accountPayments(),
    queryFn: ({ pageParam, signal }) => getAccountPayments(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

/** The account's payments, refunds and credit movements, newest first, a page at a time. */
export function useAccountPayments() {
  return useInfiniteQuery(accountPaymentsQueryOptions());
}
