import { createHash } from 'node:crypto';
import type { PaymentGateway } from '@kalike/shared/domain/payment-values';
import { DomainError } from '../../../shared/domain-error';
import type { PaymentGatewayAdapter } from '../gateway/payment-gateway';
import type { PaymentsRepository } from '../payments.repository';
import { applyRefundWebhook } from '../refunds/refund-webhooks';
import type { Settlement } from '../settlement/settlement';

export interface WebhookResult {
  /** False when the event id was seen before: nothing was done again. */
  processed: boolean;
  event: string;
}

interface PaymentEntity {
  id: string;
  order_id: string;
  amount: number;
  status: string;
  method?: string | null;
  error_description?: string | null;
}

function paymentEntityOf(body: unknown): PaymentEntity | null {
  const entity = (body as { payload?: { payment?: { entity?: unknown } } } | null)?.payload?.payment?.entity as Partial<PaymentEntity> | undefined;
  if (!entity || typeof entity.id !== 'string' || typeof entity.order_id !== 'string' || !Number.isInteger(entity.amount)) return null;
  return {
    id: entity.id,
    order_id: entity.order_id,
    amount: entity.amount as number,
    status: typeof entity.status === 'string' ? entity.status : '',
    method: typeof entity.method === 'string' ? entity.method : null,
    error_description: typeof entity.error_description === 'string' ? entity.error_description : null,
  };
}

/**
 * Gateway webhooks: the signature is checked over the raw bytes received, each event id is
 * handled once (stored in the same transaction as its effect, so a failed attempt is retried
 * by the gateway and a repeated one does nothing), and a captured payment is credited by the
 * very code verify uses, so whichever arrives first wins and the other is a no-op. Refund
 * events settle a refund the way the gateway's direct answer would (refunds/refund-webhooks.ts).
 */
export function createWebhooksService({
  repository,
  settlement,
  gateway,
  now,
}: {
  repository: PaymentsRepository;
  settlement: Settlement;
  gateway: PaymentGatewayAdapter;
  now: () => Date;
}) {
  return {
    async handle(gatewayName: PaymentGateway, rawBody: Buffer, signature: string | undefined, eventIdHeader: string | undefined): Promise<WebhookResult> {
      if (gatewayName !== gateway.name) throw new DomainError('NOT_FOUND', `The ${gatewayName} gateway is not in use`, 404);
      if (!signature || !gateway.verifyWebhookSignature(rawBody, signature)) {
        throw new DomainError('WEBHOOK_SIGNATURE_INVALID', 'The webhook signature does not match its body', 400);
      }
      let body: { event?: unknown };
      try {
        body = JSON.parse(rawBody.toString('utf8')) as { event?: unknown };
      } catch {
        throw new DomainError('INVALID_JSON', 'The webhook body is not valid JSON', 400);
      }
      const event = typeof body?.event === 'string' ? body.event : 'unknown';
      // Razorpay always names the event; a body hash stands in for a sender that does not.
      const eventId = eventIdHeader?.trim() || `body:${createHash('sha256').update(rawBody).digest('hex')}`;
      const at = now();
      const processed = await repository.transaction(async (tx) => {
        const fresh = await tx.orders.recordWebhookEvent({ gateway: gatewayName, eventId, eventType: event, payload: rawBody.toString('utf8'), at });
        if (!fresh) return false;
        if (await applyRefundWebhook(tx, gatewayName, event, body, { at })) return true;
        const payment = paymentEntityOf(body);
        if (!payment) return true;
        if ((event === 'payment.captured' || event === 'order.paid') && payment.status === 'captured') {
          await settlement.creditPayment(tx, {
            gateway: gatewayName,
            gatewayOrderId: payment.order_id,
            gatewayPaymentId: payment.id,
            amountPaise: payment.amount,
            method: payment.method,
            source: 'webhook',
          });
        } else if (event === 'payment.failed') {
          await settlement.recordFailure(tx, {
            gateway: gatewayName,
            gatewayOrderId: payment.order_id,
            reason: payment.error_description ?? 'The payment failed',
          });
        }
        return true;
      });
      return { processed, event };
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
