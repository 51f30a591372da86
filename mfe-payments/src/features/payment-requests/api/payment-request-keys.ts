import { rootKeys } from '@kalike/shared/query/query-keys';

export const paymentRequestKeys = {
  all: [...rootKeys.payments, 'payment-requests'] as const,
  detail: (id: string) => [...paymentRequestKeys.all, 'detail', id] as const,
};
