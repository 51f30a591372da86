import { formatPaise } from '@kalike/shared/format/money';
import type { GatewayRefund } from '../gateway/payment-gateway';
import { postLedgerEvent } from '../ledger/ledger-postings';
import { refundMove } from '../lifecycle-moves';
import type { PaymentsQueries } from '../payments.repository';
import { creditNotePdfPath, issueCreditNote } from './credit-notes';
import type { RefundRow } from './refunds.repository';

/**
 * The payer hears of every refund by text, in the transaction that makes it true. Each text is a
 * fixed template with variables (the SMS rules: DLT templates), in plain GSM characters.
 */
export async function textRefund(
  tx: Pick<PaymentsQueries, 'learners' | 'messages'>,
  refund: RefundRow,
  what: 'credit' | 'sent' | 'failed',
  extra: { publicSiteUrl: string; creditNote?: { number: string; token: string } | null },
  at: Date,
): Promise<void> {
  const phone = await tx.learners.findPhone(refund.learner_account_id);
  if (!phone) return;
  const amount = formatPaise(refund.amount_paise);
  const note = extra.creditNote ? ` Credit note ${extra.creditNote.number}: ${extra.publicSiteUrl}${creditNotePdfPath(extra.creditNote.token)}` : '';
  const bodies = {
    credit: `Kalike: ${amount} is back as Kalike credit for your next class pack.`,
    sent: `Kalike: ${amount} refunded to your payment method; banks take 5-7 working days.${note}`,
    failed: `Kalike: your bank could not take back the refund of ${amount}, so it is kept as Kalike credit for your next class pack.`,
  } as const;
  await tx.messages.enqueue({ toPhone: phone, body: bodies[what], kind: `refund.${what}`, enquiryId: null }, at);
}

/**
 * Applies the gateway's answer about a pending refund, under the refund's lock: processed, the
 * money is back and its credit note issued; failed, the amount goes back on the place as Kalike
 * credit; pending, only the gateway's id is kept. A refund that is no longer pending is left as
 * it is, so a retry, a late answer or a replayed webhook changes nothing.
 */
export async function applyGatewayAnswer(
  tx: Pick<PaymentsQueries, 'refunds' | 'ledger' | 'learners' | 'messages'>,
  refund: RefundRow,
  answer: GatewayRefund,
  publicSiteUrl: string,
  at: Date,
): Promise<void> {
  if (refund.status !== 'pending') return;
  const gatewayRefundId = answer.gatewayRefundId ?? refund.gateway_refund_id;
  if (answer.status === 'pending') {
    if (gatewayRefundId !== refund.gateway_refund_id) await tx.refunds.update(refund.id, { gateway_refund_id: gatewayRefundId, updated_at: at });
    return;
  }
  if (answer.status === 'processed') {
    await tx.refunds.update(refund.id, { status: refundMove('process', refund.status), gateway_refund_id: gatewayRefundId, settled_at: at, updated_at: at });
    const creditNote = await issueCreditNote(tx, refund, at);
    await textRefund(tx, refund, 'sent', { publicSiteUrl, creditNote }, at);
    return;
  }
  await tx.refunds.update(refund.id, {
    status: refundMove('fail', refund.status),
    gateway_refund_id: gatewayRefundId,
    failure_reason: (answer.reason ?? 'The bank did not accept the refund').slice(0, 500),
    settled_at: at,
    updated_at: at,
  });
  await postLedgerEvent(tx, {
    kind: 'refund_failed',
    learnerAccountId: refund.learner_account_id,
    batchStudentId: refund.batch_student_id,
    refundId: refund.id,
    amountPaise: refund.amount_paise,
    at,
  });
  await textRefund(tx, refund, 'failed', { publicSiteUrl }, at);
}
