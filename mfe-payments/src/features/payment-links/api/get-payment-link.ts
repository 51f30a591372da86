import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { PaymentLink } from '@kalike/shared/contracts/payments';

import { paymentKeys } from '../../../api/payment-keys';

export function getPaymentLink(id: string, signal?: AbortSignal): Promise<PaymentLink> {
  return apiGet<PaymentLink>(`v1/payments/payment-link/${encodeURIComponent(id)}`, { signal });
}

export const paymentLinkQueryOptions = (id: string) =>
  queryOptions({
    queryKey: paymentKeys.learner.paymentLink(id),
    queryFn: ({ signal }) => getPaymentLink(id, signal),
  });

export function usePaymentLink(id: string) {
  return useQuery(paymentLinkQueryOptions(id));
}
