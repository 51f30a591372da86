import { DomainError } from '../../../shared/domain-error';
import type { PaymentGatewayAdapter } from '../gateway/payment-gateway';
import type { PaymentsRepository } from '../payments.repository';
import { applyGatewayAnswer } from './refund-settlement';

/** A pending refund is asked about again this long after it was recorded (the gateway call times out after 10 s). */
export const REFUND_RETRY_AFTER_MS = 60_000;
const RETRY_BATCH = 100;

export interface RefundSenderDeps {
  repository: PaymentsRepository;
  gateway: PaymentGatewayAdapter;
  now: () => Date;
}

/**
 * The key the gateway is sent for a refund, on every attempt: derived from the refund's id, so a
 * retry after a crash (or from another instance) is the same refund to the gateway, which makes
 * one refund per key. 35 characters, within Razorpay's 40 for a receipt.
 */
export function gatewayRefundKey(refundId: string): string {
  return `rf_${refundId.replaceAll('-', '')}`;
}

/**
 * Sends recorded refunds to the gateway, outside any transaction (no connection or lock is held
 * during the call), then applies the answer in a short transaction of its own.
 */
export function createRefundSender({ repository, gateway, now }: RefundSenderDeps) {
  async function send(refundId: string): Promise<void> {
    const refund = await repository.refunds.find(refundId);
    if (refund?.status !== 'pending' || !refund.payment_id) return;
    const gatewayPaymentId = await repository.refunds.gatewayPaymentIdOf(refund.payment_id);
    if (!gatewayPaymentId) return;
    let answer;
    try {
      answer = await gateway.refund({
        gatewayPaymentId,
        amountPaise: refund.amount_paise,
        idempotencyKey: gatewayRefundKey(refund.id),
        notes: { refund_id: refund.id, reason: refund.reason_kind },
      });
    } catch (error) {
      // Unreachable or busy: it stays pending, and the sweep asks again with the same key.
      if (error instanceof DomainError && error.code === 'GATEWAY_UNAVAILABLE') return;
      throw error;
    }
    await repository.transaction(async (tx) => {
      const locked = await tx.refunds.lock(refund.id);
      if (locked) await applyGatewayAnswer(tx, locked, answer, now());
    });
  }

  return {
    send,
    /**
     * The sweep: every refund still pending a minute after it was recorded is sent again with its
     * key; the gateway answers the refund it already made (or makes it, if the process stopped
     * before the call), so nothing is refunded twice.
     */
    async retryPending(at: Date): Promise<number> {
      const ids = await repository.refunds.findPendingIds(new Date(at.getTime() - REFUND_RETRY_AFTER_MS), RETRY_BATCH);
      for (const id of ids) await send(id);
      return ids.length;
    },
  };
}

export type RefundSender = ReturnType<typeof createRefundSender>;
