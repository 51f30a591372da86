import type { PaymentGateway } from '@kalike/shared/domain/payment-values';

export interface CreateGatewayOrder {
  /** Our order id: Razorpay's `receipt`, so the gateway's order always names ours. */
  receipt: string;
  amountPaise: number;
  notes: Record<string, string>;
}

export interface GatewayRefundRequest {
  /** The gateway's id of the captured payment the money goes back to. */
  gatewayPaymentId: string;
  amountPaise: number;
  /** Sent on every attempt of one refund: the gateway makes one refund per key, however often asked. */
  idempotencyKey: string;
  notes: Record<string, string>;
}

/** Where a refund stands at the gateway: sent back, still on its way, or refused. */
export interface GatewayRefund {
  gatewayRefundId: string | null;
  status: 'processed' | 'pending' | 'failed';
  /** Why it failed, in words a family can read. */
  reason: string | null;
}

/**
 * What the API needs from a payment gateway. Razorpay and the offline sandbox both implement
 * it, and both sign payments and webhooks the same way, so verify and the webhook route have
 * one code path whichever is configured.
 */
export interface PaymentGatewayAdapter {
  readonly name: PaymentGateway;
  /** The public key the browser's checkout is opened with. */
  readonly keyId: string;
  /** Creates the gateway's order; throws DomainError GATEWAY_UNAVAILABLE when it cannot. */
  createOrder(input: CreateGatewayOrder): Promise<{ gatewayOrderId: string }>;
  verifyPaymentSignature(input: { gatewayOrderId: string; gatewayPaymentId: string; signature: string }): boolean;
  verifyWebhookSignature(rawBody: Buffer, signature: string): boolean;
  /** The gateway's own checkout page for an order, when it has one outside the browser app. */
  checkoutUrl(gatewayOrderId: string): string | null;
  /**
   * Sends money back to a captured payment, or answers where the refund of this key stands when
   * it was asked for before; throws DomainError GATEWAY_UNAVAILABLE when the gateway cannot be reached.
   */
  refund(input: GatewayRefundRequest): Promise<GatewayRefund>;
}
