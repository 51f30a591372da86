import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '@kalike/shared/api/client';
import type { CancellationQuote, CancelPackBody, CancelPackResult } from '@kalike/shared/contracts/refunds';
import { idempotencyKeyHeader } from '@kalike/shared/domain/enquiry-lifecycle';
import { rootKeys } from '@kalike/shared/query/query-keys';

import { paymentKeys } from '../../../api/payment-keys';

const packPath = (packId: string) => `v1/class-packs/${encodeURIComponent(packId)}`;

export const cancellationQueryOptions = (packId: string) =>
  queryOptions({
    queryKey: paymentKeys.learner.cancellation(packId),
    queryFn: ({ signal }) => apiGet<CancellationQuote>(`${packPath(packId)}/cancellation`, { signal }),
  });

/** What cancelling the pack gives back now, under the refund policy; never cached, as a class used changes it. */
export function useCancellationQuote(packId: string) {
  return useQuery({ ...cancellationQueryOptions(packId), staleTime: 0 });
}

/**
 * Cancels the pack for the amount the family saw. The key is the confirmation's: the same key
 * answers the first result, so a double tap or a retry after a lost answer refunds once.
 */
export function useCancelPack(packId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: CancelPackBody; key: string }) =>
      apiSend<CancelPackResult>('post', `${packPath(packId)}/cancel`, body, { headers: { [idempotencyKeyHeader]: key } }),
    // Classes, balances and the quote all move with a refund, on every screen.
    onSettled: () => queryClient.invalidateQueries({ queryKey: rootKeys.payments }),
  });
}
