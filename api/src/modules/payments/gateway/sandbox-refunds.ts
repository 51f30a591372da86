import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { GatewayRefund, GatewayRefundRequest } from './payment-gateway';

/**
 * The offline gateway's refunds, steered by the payment they go back to, as the payout sandbox
 * is steered by the account: a payment whose id (after `pay_sbx_`) starts with `refundfail` has
 * its refunds refused, with `refundpend` they stay pending (until a `refund.processed` or
 * `refund.failed` webhook says otherwise); every other refund is processed at once. The
 * checkout page's Pay button makes random ids, so from the browser refunds succeed; tests pick
 * the payment id they verify with.
 */
export const sandboxRefundRules = { failsPrefix: 'pay_sbx_refundfail', pendingPrefix: 'pay_sbx_refundpend' } as const;

function outcomeFor(gatewayPaymentId: string): GatewayRefund['status'] {
  if (gatewayPaymentId.startsWith(sandboxRefundRules.failsPrefix)) return 'failed';
  if (gatewayPaymentId.startsWith(sandboxRefundRules.pendingPrefix)) return 'pending';
  return 'processed';
}

/** Recorded once per idempotency key (a database row, so every API instance sees it), like Razorpay's X-Refund-Idempotency. */
export function createSandboxRefunds(db: () => Kysely<Database>, now: () => Date) {
  return async function refund({ gatewayPaymentId, amountPaise, idempotencyKey }: GatewayRefundRequest): Promise<GatewayRefund> {
    const id = `rfnd_sbx_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 14)}`;
    await db()
      .insertInto('sandbox_refunds')
      .values({
        id,
        idempotency_key: idempotencyKey,
        gateway_payment_id: gatewayPaymentId,
        amount_paise: amountPaise,
        status: outcomeFor(gatewayPaymentId),
        created_at: now(),
      })
      .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
      .execute();
    const row = await db().selectFrom('sandbox_refunds').select(['id', 'status']).where('idempotency_key', '=', idempotencyKey).executeTakeFirstOrThrow();
    return {
      gatewayRefundId: row.id,
      status: row.status,
      reason: row.status === 'failed' ? 'The bank did not accept the refund (sandbox test payment).' : null,
    };
  };
}
