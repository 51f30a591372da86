import { apiSend } from '@kalike/shared/api/client';
import type { OrderStatusResponse, VerifyPaymentBody } from '@kalike/shared/contracts/payments';

/** Hands the checkout's answer to the API, which checks the signature and books the payment. A replay is harmless. */
export function verifyPayment(body: VerifyPaymentBody): Promise<OrderStatusResponse> {
  return apiSend<OrderStatusResponse>('post', 'v1/payments/verify', body);
}
