import type { RazorpayConfig } from '../../../config';
import { DomainError } from '../../../shared/domain-error';
import type { PaymentGatewayAdapter } from './payment-gateway';
import { verifyPaymentSignature, verifyWebhookSignature } from './signatures';

export const RAZORPAY_TIMEOUT_MS = 10_000;

export interface RazorpayGatewayOptions extends RazorpayConfig {
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

function unavailable(message: string): DomainError {
  return new DomainError('GATEWAY_UNAVAILABLE', message, 502);
}

/**
 * Razorpay Orders API (POST /v1/orders, basic auth with the key id and secret). Payments are
 * taken by Checkout.js in the browser; the API only creates orders and checks signatures.
 */
export function createRazorpayGateway(options: RazorpayGatewayOptions): PaymentGatewayAdapter {
  const { keyId, keySecret, webhookSecret, apiUrl, timeoutMs = RAZORPAY_TIMEOUT_MS } = options;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const authorization = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  return {
    name: 'razorpay',
    keyId,
    async createOrder({ receipt, amountPaise, notes }) {
      let response: Response;
      try {
        response = await fetchImpl(`${apiUrl}/v1/orders`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ amount: amountPaise, currency: 'INR', receipt, notes }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        throw unavailable(timedOut ? 'Razorpay did not answer in time; try again' : 'Razorpay could not be reached; try again');
      }
      const body = (await response.json().catch(() => null)) as { id?: unknown; amount?: unknown; error?: { description?: unknown } } | null;
      if (!response.ok) {
        const reason = typeof body?.error?.description === 'string' ? `: ${body.error.description}` : '';
        throw unavailable(`Razorpay refused the order (HTTP ${response.status})${reason}`);
      }
      if (typeof body?.id !== 'string' || !/^order_[A-Za-z0-9]+$/.test(body.id)) throw unavailable('Razorpay answered without an order id');
      if (body.amount !== undefined && body.amount !== amountPaise) throw unavailable('Razorpay created the order for another amount');
      return { gatewayOrderId: body.id };
    },
    verifyPaymentSignature: ({ gatewayOrderId, gatewayPaymentId, signature }) => verifyPaymentSignature(keySecret, gatewayOrderId, gatewayPaymentId, signature),
    verifyWebhookSignature: (rawBody, signature) => verifyWebhookSignature(webhookSecret, rawBody, signature),
    checkoutUrl: () => null,
  };
}
