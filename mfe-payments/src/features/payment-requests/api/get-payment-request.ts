import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { PaymentRequest } from '@kalike/shared/contracts/payment-requests';

import { paymentKeys } from '../../../api/payment-keys';

export function getPaymentRequest(id: string, signal?: AbortSignal): Promise<PaymentRequest> {
  return apiGet<PaymentRequest>(`v1/payments/payment-request/${encodeURIComponent(id)}`, { signal });
}

export const paymentRequestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: paymentKeys.learner.request(id),
    queryFn: ({ signal }) => getPaymentRequest(id, signal),
  });

export function usePaymentRequest(id: string) {
  return useQuery(paymentRequestQueryOptions(id));
}
