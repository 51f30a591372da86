import type { RazorpayConfig } from '../../../config';
import { DomainError } from '../../../shared/domain-error';
import type { GatewayRefund, PaymentGatewayAdapter } from './payment-gateway';
import { verifyPaymentSignature, verifyWebhookSignature } from './signatures';

export const RAZORPAY_TIMEOUT_MS = 10_000;

export interface RazorpayGatewayOptions extends RazorpayConfig {
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

function unavailable(message: string): DomainError {
  return new DomainError('GATEWAY_UNAVAILABLE', message, 502);
}

const refundStatuses: Record<string, GatewayRefund['status']> = { processed: 'processed', pending: 'pending', created: 'pending', failed: 'failed' };

/** Razorpay's answer to a refund call: a refund, a refusal (4xx: it will never be made) or a reason to try again. */
async function refundAnswer(response: Response): Promise<GatewayRefund> {
  const body = (await response.json().catch(() => null)) as { id?: unknown; status?: unknown; error?: { description?: unknown } } | null;
  if (response.status >= 400 && response.status < 500) {
    const reason = typeof body?.error?.description === 'string' ? body.error.description : `Razorpay refused the refund (HTTP ${response.status})`;
    return { gatewayRefundId: null, status: 'failed', reason };
  }
  if (!response.ok) throw unavailable(`Razorpay could not make the refund now (HTTP ${response.status}); it is tried again`);
  const status = typeof body?.status === 'string' ? refundStatuses[body.status] : undefined;
  if (typeof body?.id !== 'string' || !status) throw unavailable('Razorpay answered without a refund');
  return { gatewayRefundId: body.id, status, reason: status === 'failed' ? 'The bank did not accept the refund' : null };
}

/**
 * Razorpay Orders API (POST /v1/orders, basic auth with the key id and secret). Payments are
 * taken by Checkout.js in the browser; the API only creates orders and checks signatures.
 * Refunds go through POST /v1/payments/:id/refund with the refund's key as X-Refund-Idempotency,
 * so asking again after a crash answers the same refund instead of making a second.
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
    async refund({ gatewayPaymentId, amountPaise, idempotencyKey, notes }) {
      let response: Response;
      try {
        response = await fetchImpl(`${apiUrl}/v1/payments/${encodeURIComponent(gatewayPaymentId)}/refund`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json', accept: 'application/json', 'x-refund-idempotency': idempotencyKey },
          body: JSON.stringify({ amount: amountPaise, speed: 'normal', receipt: idempotencyKey, notes }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        throw unavailable('Razorpay could not be reached for the refund; it is tried again');
      }
      return refundAnswer(response);
    },
  };
}
