import type { ClassPackStatus } from '@kalike/shared/domain/class-pack-lifecycle';
import type { RefundMethod, RefundReasonKind } from '@kalike/shared/domain/refund-policy';
import { postLedgerEvent } from '../ledger/ledger-postings';
import { classPackMove, refundMove } from '../lifecycle-moves';
import { refundSplitPaise } from '../money';
import type { PaymentsQueries } from '../payments.repository';
import type { PaidOrderRow, RefundRow } from './refunds.repository';
import { rechainPlace } from '../class-packs/pack-dates';

/** Who made a refund: the family, the teacher who ended the classes, or a Kalike admin. */
export interface RefundActor {
  kind: 'learner' | 'teacher' | 'admin';
  userId: string;
}

/** One refund to book: its amount and reason, the pack it cancels and the payment it can go back to. */
export interface RefundDraft {
  learnerAccountId: string;
  batchStudentId: string | null;
  /**
   * The pack the refund comes from: `classes` of it are taken off and the pack is cancelled,
   * unless `keep` (an admin's refund of one class or of an amount: the pack goes on giving the
   * rest). Null for a refund of an amount that belongs to no pack.
   */
  pack: { id: string; planName: string; status: ClassPackStatus; classes: number; keep?: boolean } | null;
  amountPaise: number;
  method: RefundMethod;
  reasonKind: RefundReasonKind;
  reason: string;
  actor: RefundActor;
  /** Unique across all refunds; the part kept as credit beside a gateway refund takes `${key}/credit`. */
  key: string;
  requestHash: string;
  /** The paid order the money came with (and its payment, when money paid it). */
  paid: PaidOrderRow | null;
}

export const creditPartKey = (key: string) => `${key}/credit`;

/** What of a payment is left to send back: captured less refunds sent or on their way. */
export async function paymentLeftPaise(tx: Pick<PaymentsQueries, 'refunds'>, paid: PaidOrderRow | null | undefined): Promise<number> {
  if (!paid?.payment_id || paid.captured_paise === null || paid.gateway === 'ledger') return 0;
  return paid.captured_paise - (await tx.refunds.refundedOfPayment(paid.payment_id));
}

/**
 * Books a refund in the caller's transaction: the refund rows (a gateway refund recorded
 * `pending` with its key before the gateway is ever called; what cannot go back to the payment
 * as credit, `succeeded` at once), the ledger's postings, and the pack cancelled. The gateway
 * is called after this transaction commits (refund-sender.ts).
 */
export async function bookRefund(tx: Pick<PaymentsQueries, 'refunds' | 'ledger' | 'packs'>, draft: RefundDraft, at: Date): Promise<RefundRow[]> {
  const left = draft.method === 'original' ? await paymentLeftPaise(tx, draft.paid) : 0;
  const { originalPaise, creditPaise } = refundSplitPaise(draft.amountPaise, left);
  const common = {
    learner_account_id: draft.learnerAccountId,
    batch_student_id: draft.batchStudentId,
    batch_student_plan_id: draft.pack?.id ?? null,
    order_id: draft.paid?.order_id ?? null,
    reason_kind: draft.reasonKind,
    reason: draft.reason,
    actor_kind: draft.actor.kind,
    actor_user_id: draft.actor.userId,
    request_hash: draft.requestHash,
    created_at: at,
    updated_at: at,
  };
  const rows: RefundRow[] = [];
  if (originalPaise > 0 && draft.paid?.payment_id && draft.paid.gateway !== 'ledger') {
    const gateway = draft.paid.gateway;
    rows.push(
      await tx.refunds.insert({
        ...common,
        amount_paise: originalPaise,
        classes: draft.pack?.classes ?? 0,
        method: 'original',
        payment_id: draft.paid.payment_id,
        gateway,
        idempotency_key: draft.key,
        status: refundMove('request', null),
      }),
    );
  }
  if (creditPaise > 0) {
    rows.push(
      await tx.refunds.insert({
        ...common,
        amount_paise: creditPaise,
        classes: rows.length === 0 ? (draft.pack?.classes ?? 0) : 0,
        method: 'credit',
        idempotency_key: rows.length === 0 ? draft.key : creditPartKey(draft.key),
        status: refundMove('credit', null),
        settled_at: at,
      }),
    );
  }
  for (const [index, row] of rows.entries()) {
    await postLedgerEvent(tx, {
      kind: 'refund_booked',
      learnerAccountId: draft.learnerAccountId,
      batchStudentId: draft.batchStudentId,
      refundId: row.id,
      method: row.method,
      amountPaise: row.amount_paise,
      orderId: draft.paid?.order_id ?? null,
      // The pack's classes come off once, with the first part.
      pack: draft.pack && index === 0 ? { packId: draft.pack.id, planName: draft.pack.planName, classes: draft.pack.classes } : null,
      why: draft.pack && draft.pack.classes > 0 ? `the part of ${draft.pack.planName} paid with credit` : draft.reason,
      at,
    });
  }
  if (draft.pack && !draft.pack.keep) await tx.packs.update(draft.pack.id, { status: classPackMove('cancel', draft.pack.status), updated_at: at });
  // A cancelled pack ends today, and one whose last class was refunded is used up: the packs waiting behind it move up.
  if (draft.pack && (!draft.pack.keep || draft.pack.classes > 0) && draft.batchStudentId) await rechainPlace(tx, draft.batchStudentId, at);
  return rows;
}
