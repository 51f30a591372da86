import { formatPaise } from '@kalike/shared/format/money';
import type { GatewayRefund } from '../gateway/payment-gateway';
import { postLedgerEvent } from '../ledger/ledger-postings';
import { refundMove } from '../lifecycle-moves';
import type { PaymentsQueries } from '../payments.repository';
import { issueCreditNote } from './credit-notes';
import type { RefundRow } from './refunds.repository';

type RefundTelling = Pick<PaymentsQueries, 'learners' | 'messages' | 'places' | 'notifications'>;

/**
 * The payer hears of every refund in the transaction that makes it true. Money back (as Kalike
 * credit, or processed to the payment method) is a `refund.booked` notice, once per refund; a
 * refund the bank refused is texted, from a fixed template in plain GSM characters (the SMS
 * rules: DLT templates), since no notification kind says it.
 */
export async function textRefund(tx: RefundTelling, refund: RefundRow, what: 'credit' | 'sent' | 'failed', at: Date): Promise<void> {
  if (what !== 'failed') {
    const place = refund.batch_student_id ? await tx.places.find(refund.batch_student_id) : undefined;
    const userId = place?.learner_user_id ?? (await tx.learners.findUserId(refund.learner_account_id));
    if (!userId) return;
    await tx.notifications.notify({
      kind: 'refund.booked',
      userId,
      params: { amountPaise: refund.amount_paise, programName: place?.program_name ?? 'your classes' },
      eventKey: `refund.booked:${refund.id}`,
      at,
    });
    return;
  }
  const phone = await tx.learners.findPhone(refund.learner_account_id);
  if (!phone) return;
  const body = `Kalike: your bank could not take back the refund of ${formatPaise(refund.amount_paise)}, so it is kept as Kalike credit for your next class pack.`;
  await tx.messages.enqueue({ toPhone: phone, body, kind: 'refund.failed', enquiryId: null }, at);
}

/**
 * Applies the gateway's answer about a pending refund, under the refund's lock: processed, the
 * money is back and its credit note issued; failed, the amount goes back on the place as Kalike
 * credit; pending, only the gateway's id is kept. A refund that is no longer pending is left as
 * it is, so a retry, a late answer or a replayed webhook changes nothing.
 */
export async function applyGatewayAnswer(
  tx: Pick<PaymentsQueries, 'refunds' | 'ledger'> & RefundTelling,
  refund: RefundRow,
  answer: GatewayRefund,
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
    await issueCreditNote(tx, refund, at);
    await textRefund(tx, refund, 'sent', at);
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
  await textRefund(tx, refund, 'failed', at);
}
