import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '@kalike/shared/api/client';
import type { AdminPayoutDecisionBody, AdminPayoutReviews, PayoutAccount, PayoutAuditPage } from '@kalike/shared/contracts/payouts';

import { paymentKeys } from '../../../api/payment-keys';

export const payoutReviewsQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.admin.payoutReviews(),
    queryFn: ({ signal }) => apiGet<AdminPayoutReviews>('v1/admin/payout-accounts/review', { signal }),
    select: (data) => data.items,
  });

/** Payout accounts held for review after a name mismatch, oldest change first. */
export function usePayoutReviews() {
  return useQuery(payoutReviewsQueryOptions());
}

export const payoutAuditQueryOptions = (teacherId: string | null) =>
  infiniteQueryOptions({
    queryKey: paymentKeys.admin.payoutAudit(teacherId),
    queryFn: ({ signal, pageParam }) =>
      apiGet<PayoutAuditPage>('v1/admin/payout-audit', {
        signal,
        searchParams: { ...(teacherId ? { teacherId } : {}), ...(pageParam ? { before: pageParam } : {}) },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** The payout audit trail, newest first, 50 a page. */
export function usePayoutAudit(teacherId: string | null) {
  return useInfiniteQuery(payoutAuditQueryOptions(teacherId));
}

/** Approves or rejects an account held for review; the queue and the trail are read again. */
export function useDecidePayoutAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ teacherId, body }: { teacherId: string; body: AdminPayoutDecisionBody }) =>
      apiSend<PayoutAccount>('post', `v1/admin/payout-accounts/${teacherId}/review`, body),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: paymentKeys.admin.payoutReviews() }),
        client.invalidateQueries({ queryKey: paymentKeys.admin.payoutAuditAll() }),
      ]),
  });
}
