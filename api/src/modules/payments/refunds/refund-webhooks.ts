import type { PaymentGateway } from '@kalike/shared/domain/payment-values';
import type { PaymentsQueries } from '../payments.repository';
import { applyGatewayAnswer } from './refund-settlement';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface RefundEntity {
  id: string;
  refundId: string | null;
}

function refundEntityOf(body: unknown): RefundEntity | null {
  const entity = (body as { payload?: { refund?: { entity?: unknown } } } | null)?.payload?.refund?.entity as
    { id?: unknown; notes?: { refund_id?: unknown } | unknown[] } | undefined;
  if (!entity || typeof entity.id !== 'string') return null;
  const notes = entity.notes && !Array.isArray(entity.notes) ? (entity.notes as { refund_id?: unknown }) : {};
  const refundId = typeof notes.refund_id === 'string' && uuidPattern.test(notes.refund_id) ? notes.refund_id : null;
  return { id: entity.id, refundId };
}

/**
 * `refund.processed` and `refund.failed`, in the webhook's transaction: the refund is found by the
 * gateway's id, or by our id in its notes when the process stopped before the gateway's id was
 * stored, and settled as a direct answer would settle it. A replay, or an event about a refund
 * already settled, changes nothing. Returns whether the event was a refund event.
 */
export async function applyRefundWebhook(tx: PaymentsQueries, gateway: PaymentGateway, event: string, body: unknown, context: { at: Date }): Promise<boolean> {
  if (event !== 'refund.processed' && event !== 'refund.failed') return false;
  const entity = refundEntityOf(body);
  if (!entity || gateway === 'ledger') return true;
  const refund = (await tx.refunds.lockByGatewayId(gateway, entity.id)) ?? (entity.refundId ? await tx.refunds.lock(entity.refundId) : undefined);
  if (!refund || refund.gateway !== gateway) return true;
  const answer =
    event === 'refund.processed'
      ? { gatewayRefundId: entity.id, status: 'processed' as const, reason: null }
      : { gatewayRefundId: entity.id, status: 'failed' as const, reason: 'The bank did not accept the refund' };
  await applyGatewayAnswer(tx, refund, answer, context.at);
  return true;
}
