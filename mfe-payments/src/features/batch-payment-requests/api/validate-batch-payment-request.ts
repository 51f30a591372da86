import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '@kalike/shared/api/client';
import type { BatchPaymentRequestCheck } from '@kalike/shared/contracts/payments';

import { paymentKeys } from '../../../api/payment-keys';

export function validateBatchPaymentRequest(batchId: string, signal?: AbortSignal): Promise<BatchPaymentRequestCheck> {
  return apiGet<BatchPaymentRequestCheck>(`v1/class/validate-payment-request/batch/${encodeURIComponent(batchId)}`, { signal });
}

export const batchPaymentRequestQueryOptions = (batchId: string) =>
  queryOptions({
    queryKey: paymentKeys.batchPaymentRequest(batchId),
    queryFn: ({ signal }) => validateBatchPaymentRequest(batchId, signal),
    meta: { silent: true },
  });

export function useBatchPaymentRequest(batchId: string) {
  return useQuery(batchPaymentRequestQueryOptions(batchId));
}

/** Takes the learner's place in the batch (a seat), so a class pack can be chosen for it; asking again is harmless. */
export function useJoinBatch(batchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...paymentKeys.batchPaymentRequest(batchId), 'join'],
    mutationFn: () => apiSend<BatchPaymentRequestCheck>('post', `v1/class/validate-payment-request/batch/${encodeURIComponent(batchId)}/join`),
    onSuccess: (check) => queryClient.setQueryData(paymentKeys.batchPaymentRequest(batchId), check),
    meta: { silent: true },
  });
}
