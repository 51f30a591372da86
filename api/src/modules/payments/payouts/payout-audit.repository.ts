import type { Kysely, Selectable } from 'kysely';
import type { PayoutAuditActor, PayoutAuditEvent } from '@kalike/shared/domain/payout-audit';
import { maskedPayoutDestination, type PayoutAccountKind } from '@kalike/shared/domain/payout-lifecycle';
import type { Database, PayoutAuditEventsTable } from '../../../db/schema';

export type PayoutAuditRow = Selectable<PayoutAuditEventsTable> & { teacher_name: string };

export interface PayoutAuditEntry {
  teacherId: string;
  event: PayoutAuditEvent;
  actor: PayoutAuditActor;
  actorUserId?: string | null;
  /** Masked: `maskedPayoutDestination`. */
  destination: string;
  payoutId?: string | null;
  amountPaise?: number | null;
  detail?: string | null;
  at: Date;
}

/** A payout's destination, masked, from what the payout recorded ("UPI priya@okaxis" or "Bank account ····1234"). */
export function maskedPayoutLabel(kind: PayoutAccountKind, accountLabel: string): string {
  return kind === 'upi'
    ? maskedPayoutDestination({ kind, accountLast4: null, upiId: accountLabel.replace(/^UPI /, '') })
    : maskedPayoutDestination({ kind, accountLast4: accountLabel.slice(-4), upiId: null });
}

/**
 * Appends to the payout audit trail with `executor`: the transaction of the fact it records, so
 * the trail holds exactly what happened. Never updated (a trigger refuses it).
 */
export async function recordPayoutAudit(executor: Kysely<Database>, entry: PayoutAuditEntry): Promise<void> {
  await executor
    .insertInto('payout_audit_events')
    .values({
      teacher_id: entry.teacherId,
      event: entry.event,
      actor: entry.actor,
      actor_user_id: entry.actorUserId ?? null,
      destination: entry.destination,
      payout_id: entry.payoutId ?? null,
      amount_paise: entry.amountPaise ?? null,
      detail: entry.detail ? entry.detail.slice(0, 500) : null,
      created_at: entry.at,
    })
    .execute();
}

/** The trail read back for admins: newest first (in the order written), one teacher or all, in pages by its sequence. */
export function createPayoutAuditRepository(db: Kysely<Database>) {
  return {
    auditPage(input: { teacherId?: string; beforeSeq?: number; limit: number }): Promise<PayoutAuditRow[]> {
      let query = db.selectFrom('payout_audit_events as e').innerJoin('teachers as t', 't.id', 'e.teacher_id').selectAll('e').select('t.name as teacher_name');
      if (input.teacherId) query = query.where('e.teacher_id', '=', input.teacherId);
      if (input.beforeSeq !== undefined) query = query.where('e.seq', '<', input.beforeSeq);
      return query.orderBy('e.seq', 'desc').limit(input.limit).execute();
    },
  };
}
