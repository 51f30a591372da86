import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { OrderStatusResponse } from '@kalike/shared/contracts/payments';

import { paymentKeys } from '../../../api/payment-keys';

export function getOrder(orderId: string, signal?: AbortSignal): Promise<OrderStatusResponse> {
  return apiGet<OrderStatusResponse>(`v1/payments/orders/${encodeURIComponent(orderId)}`, { signal });
}

/** How often to ask again while the gateway's confirmation has not reached the API. */
export const confirmationPollMs = 3_000;

/** Whether the API heard of a success it has not booked yet (a webhook or verify on the way). */
export function isAwaitingConfirmation(status: OrderStatusResponse | undefined): boolean {
  return Boolean(status && status.order.status !== 'paid' && status.order.status !== 'expired' && status.lastOutcome === 'success');
}

export const orderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: paymentKeys.learner.order(orderId),
    queryFn: ({ signal }) => getOrder(orderId, signal),
  });

export function useOrder(orderId: string | null, { poll = false }: { poll?: boolean } = {}) {
  return useQuery({
    ...orderQueryOptions(orderId ?? ''),
    enabled: orderId !== null,
    refetchInterval: poll ? (query) => (isAwaitingConfirmation(query.state.data) ? confirmationPollMs : false) : false,
  });
}
