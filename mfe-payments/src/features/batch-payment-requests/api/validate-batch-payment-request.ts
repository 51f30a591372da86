import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
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
