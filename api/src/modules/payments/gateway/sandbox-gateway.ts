import { randomBytes } from 'node:crypto';
import type { GatewayRefund, GatewayRefundRequest, PaymentGatewayAdapter } from './payment-gateway';
import { hmacSha256Hex, paymentSignature, verifyPaymentSignature, verifyWebhookSignature } from './signatures';

export const sandboxKeyId = 'sandbox';
export const sandboxCheckoutPath = '/v1/payments/sandbox/checkout';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 14 characters like Razorpay's ids, from the given bytes. */
function idFrom(bytes: Buffer): string {
  let out = '';
  for (let i = 0; i < 14; i++) out += ALPHABET[(bytes[i] ?? 0) % ALPHABET.length];
  return out;
}

export function newSandboxPaymentId(): string {
  return `pay_sbx_${idFrom(randomBytes(14))}`;
}

export function newSandboxEventId(): string {
  return `evt_sbx_${idFrom(randomBytes(14))}`;
}

export interface SandboxGateway extends PaymentGatewayAdapter {
  /** Signs a successful payment exactly as Razorpay would, with the code verify uses. */
  signPayment(gatewayOrderId: string, gatewayPaymentId: string): string;
  /** Signs a webhook body as Razorpay's X-Razorpay-Signature. */
  signWebhook(rawBody: string | Buffer): string;
}

/**
 * The built-in gateway: works offline, needs no account, and behaves like Razorpay where the
 * API can tell (order and payment ids, the payment signature, signed webhooks). Its checkout
 * page is served by the API itself. `secret` is read lazily: it is resolved when the app is ready.
 */
export function createSandboxGateway(
  secret: () => string,
  refund: (input: GatewayRefundRequest) => Promise<GatewayRefund> = async () => ({
    gatewayRefundId: null,
    status: 'failed',
    reason: 'The sandbox keeps no refunds here.',
  }),
): SandboxGateway {
  return {
    name: 'sandbox',
    keyId: sandboxKeyId,
    // Derived from our order id, so asking twice for the same receipt gives the same order.
    async createOrder({ receipt }) {
      return { gatewayOrderId: `order_sbx_${idFrom(Buffer.from(hmacSha256Hex(secret(), `order:${receipt}`), 'hex'))}` };
    },
    verifyPaymentSignature: ({ gatewayOrderId, gatewayPaymentId, signature }) => verifyPaymentSignature(secret(), gatewayOrderId, gatewayPaymentId, signature),
    verifyWebhookSignature: (rawBody, signature) => verifyWebhookSignature(secret(), rawBody, signature),
    checkoutUrl: (gatewayOrderId) => `${sandboxCheckoutPath}/${encodeURIComponent(gatewayOrderId)}`,
    signPayment: (gatewayOrderId, gatewayPaymentId) => paymentSignature(secret(), gatewayOrderId, gatewayPaymentId),
    signWebhook: (rawBody) => hmacSha256Hex(secret(), rawBody),
    refund,
  };
}
