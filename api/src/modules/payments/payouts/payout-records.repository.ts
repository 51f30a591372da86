import type { Kysely, Selectable } from 'kysely';
import { payoutLifecycle, type PayoutMove } from '@kalike/shared/domain/payout-lifecycle';
import type { Database, PayoutsTable } from '../../../db/schema';
import { notificationsOf } from '../../notifications/notifications.port';
import { maskedPayoutLabel, recordPayoutAudit } from './payout-audit.repository';
import type { TransferState } from './payout-provider';

export type PayoutRow = Selectable<PayoutsTable>;

/** The teacher hears a payout was paid or failed, in the transaction that records it (once per payout and outcome). */
async function noticePayout(trx: Kysely<Database>, payout: PayoutRow, at: Date): Promise<void> {
  const teacher = await trx.selectFrom('users').select('id').where('teacher_id', '=', payout.teacher_id).executeTakeFirst();
  if (!teacher) return;
  const kind = payout.status === 'paid' ? ('teach.payout_paid' as const) : ('teach.payout_failed' as const);
  await notificationsOf(trx).notify({ kind, userId: teacher.id, params: { amountPaise: payout.amount_paise }, eventKey: `${kind}:${payout.id}`, at });
}

/** Payouts once claimed (`payouts`): the teacher's list, lookups, and the provider's answers booked with their ledger reversal. */
export function createPayoutRecordsRepository(db: Kysely<Database>) {
  return {
    payoutsOf(teacherId: string, limit = 50): Promise<PayoutRow[]> {
      return db.selectFrom('payouts').selectAll().where('teacher_id', '=', teacherId).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
    },

    payoutByKey(idempotencyKey: string): Promise<PayoutRow | undefined> {
      return db.selectFrom('payouts').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
    },

    payoutByProviderId(providerPayoutId: string): Promise<PayoutRow | undefined> {
      return db.selectFrom('payouts').selectAll().where('provider_payout_id', '=', providerPayoutId).executeTakeFirst();
    },

    /** Payouts the provider has not finished: to send (again) or to ask about. */
    inFlight(teacherId?: string): Promise<PayoutRow[]> {
      let query = db.selectFrom('payouts').selectAll().where('status', 'in', ['created', 'processing']);
      if (teacherId) query = query.where('teacher_id', '=', teacherId);
      return query.orderBy('created_at').limit(200).execute();
    },

    /**
     * Records what the provider said about a payout, if the lifecycle allows the move: a failure
     * books the amount back onto the teacher's ledger in the same transaction. A repeat (a
     * webhook after the poll, or the other way round) changes nothing.
     */
    applyTransfer(payoutId: string, state: TransferState, at: Date): Promise<PayoutRow> {
      return db.transaction().execute(async (trx) => {
        const payout = await trx.selectFrom('payouts').selectAll().where('id', '=', payoutId).forUpdate().executeTakeFirstOrThrow();
        const move: PayoutMove = state.status === 'processing' ? 'send' : state.status === 'paid' ? 'pay' : 'fail';
        const providerPayoutId = payout.provider_payout_id ?? state.providerPayoutId;
        if (!payoutLifecycle.can(move, payout.status)) {
          if (payout.provider_payout_id === null) {
            return trx.updateTable('payouts').set({ provider_payout_id: providerPayoutId }).where('id', '=', payoutId).returningAll().executeTakeFirstOrThrow();
          }
          return payout;
        }
        const updated = await trx
          .updateTable('payouts')
          .set({
            status: state.status,
            provider_payout_id: providerPayoutId,
            failure_reason: state.status === 'failed' ? (state.reason ?? 'The payout failed.') : null,
            paid_at: state.status === 'paid' ? at : null,
            updated_at: at,
          })
          .where('id', '=', payoutId)
          .returningAll()
          .executeTakeFirstOrThrow();
        if (state.status !== 'processing') {
          await noticePayout(trx, updated, at);
          await recordPayoutAudit(trx, {
            teacherId: updated.teacher_id,
            event: state.status === 'paid' ? 'payout_paid' : 'payout_failed',
            actor: 'provider',
            destination: maskedPayoutLabel(updated.account_kind, updated.account_label),
            payoutId: updated.id,
            amountPaise: updated.amount_paise,
            detail: updated.failure_reason,
            at,
          });
        }
        if (state.status === 'failed') {
          await trx
            .insertInto('payout_ledger_entries')
            .values({ teacher_id: payout.teacher_id, payout_id: payout.id, kind: 'payout_reversal', amount_paise: payout.amount_paise, created_at: at })
            .onConflict((conflict) => conflict.columns(['payout_id', 'kind']).doNothing())
            .execute();
        }
        return updated;
      });
    },
  };
}

export type PayoutRecordsRepository = ReturnType<typeof createPayoutRecordsRepository>;
