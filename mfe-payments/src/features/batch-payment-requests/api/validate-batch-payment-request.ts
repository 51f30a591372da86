import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiSend } from '@kalike/shared/api/client';
import type { BatchPaymentRequestCheck, JoinBatchBody } from '@kalike/shared/contracts/payments';
import { batchInvitationHeader } from '@kalike/shared/domain/batch-student-lifecycle';

import { paymentKeys } from '../../../api/payment-keys';

/**
 * `invitation`: the token of the teacher's invitation link, from the page's `?invitation=`. It
 * goes to the API in a header, never in the API's address, which request logs keep.
 */
export function validateBatchPaymentRequest(batchId: string, invitation: string | null, signal?: AbortSignal): Promise<BatchPaymentRequestCheck> {
  return apiGet<BatchPaymentRequestCheck>(`v1/class/validate-payment-request/batch/${encodeURIComponent(batchId)}`, {
    headers: invitation ? { [batchInvitationHeader]: invitation } : undefined,
    signal,
  });
}

export const batchPaymentRequestQueryOptions = (batchId: string, invitation: string | null) =>
  queryOptions({
    queryKey: paymentKeys.learner.batchRequest(batchId, invitation),
    queryFn: ({ signal }) => validateBatchPaymentRequest(batchId, invitation, signal),
  });

export function useBatchPaymentRequest(batchId: string, invitation: string | null) {
  return useQuery(batchPaymentRequestQueryOptions(batchId, invitation));
}

/** Holds the learner's seat in the batch while they choose a class pack and pay; asking again is harmless. */
export function useJoinBatch(batchId: string, invitation: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...paymentKeys.learner.batchRequest(batchId, invitation), 'join'],
    mutationFn: () => {
      const body: JoinBatchBody = invitation ? { invitation } : {};
      return apiSend<BatchPaymentRequestCheck>('post', `v1/class/validate-payment-request/batch/${encodeURIComponent(batchId)}/join`, body);
    },
    onSuccess: (check) => queryClient.setQueryData(paymentKeys.learner.batchRequest(batchId, invitation), check),
  });
}
