import { apiSend } from '@kalike/shared/api/client';
import { idempotencyKeyHeader } from '@kalike/shared/domain/enquiry-lifecycle';
import type { CheckoutOrder } from '@kalike/shared/contracts/payments';

export function createPaymentLinkOrder(id: string, idempotencyKey: string): Promise<CheckoutOrder> {
  return apiSend<CheckoutOrder>('post', `v1/payments/payment-link/${encodeURIComponent(id)}/payments`, undefined, {
    headers: { [idempotencyKeyHeader]: idempotencyKey },
  });
}
