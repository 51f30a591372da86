import type { Kysely } from 'kysely';
import type { Database, NotificationDeliveryChannelColumn } from '../../db/schema';
import type { ClaimStore } from '../../shared/claim-relay';

export interface ClaimedDelivery {
  id: string;
  attempts: number;
  channel: NotificationDeliveryChannelColumn;
  notification_id: string;
  user_id: string;
  event_key: string;
  kind: string;
  params: unknown;
  link: string;
  valid_until: Date | null;
  withdrawn_at: Date | null;
  phone: string;
}

/** After this many failed sends a delivery is given up (about a day of backed-off retries). */
export const MAX_DELIVERY_ATTEMPTS = 30;

/** notification_deliveries as a claim store: due when pending and past both its quiet-hours bound and its next attempt. */
export function createNotificationDeliveriesRepository(db: Kysely<Database>): ClaimStore<ClaimedDelivery> {
  const mine = (id: string, claimToken: string) =>
    db.updateTable('notification_deliveries').where('id', '=', id).where('claim_token', '=', claimToken).where('status', '=', 'pending');
  return {
    async claimDue(now, leaseUntil, limit, claimToken) {
      return db.transaction().execute(async (trx) => {
        const due = await trx
          .selectFrom('notification_deliveries')
          .select('id')
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', now)
          .where('not_before', '<=', now)
          .orderBy('next_attempt_at')
          .orderBy('id')
          .limit(limit)
          .forUpdate()
          .skipLocked()
          .execute();
        if (due.length === 0) return [];
        const ids = due.map((row) => row.id);
        await trx.updateTable('notification_deliveries').set({ next_attempt_at: leaseUntil, claim_token: claimToken }).where('id', 'in', ids).execute();
        return trx
          .selectFrom('notification_deliveries as d')
          .innerJoin('notifications as n', 'n.id', 'd.notification_id')
          .innerJoin('users as u', 'u.id', 'n.user_id')
          .select([
            'd.id',
            'd.attempts',
            'd.channel',
            'd.notification_id',
            'n.user_id',
            'n.event_key',
            'n.kind',
            'n.params',
            'n.link',
            'n.valid_until',
            'n.withdrawn_at',
            'u.phone',
          ])
          .where('d.id', 'in', ids)
          .orderBy('d.created_at')
          .orderBy('d.id')
          .execute();
      });
    },

    async extendClaim(id, claimToken, leaseUntil) {
      const renewed = await mine(id, claimToken).set({ next_attempt_at: leaseUntil }).executeTakeFirst();
      return renewed.numUpdatedRows > 0n;
    },

    async markSent(id, at) {
      // Whoever holds the claim now: a delivery the provider accepted is never sent again. A
      // cancellation that raced the send loses, because the message is out.
      await db
        .updateTable('notification_deliveries')
        .set({ status: 'sent', sent_at: at, last_error: null, claim_token: null })
        .where('id', '=', id)
        .where('status', 'in', ['pending', 'cancelled'])
        .execute();
    },

    async markFailed(id, claimToken, error, nextAttemptAt, failedAttempts) {
      await mine(id, claimToken)
        .set({
          attempts: failedAttempts,
          last_error: error,
          next_attempt_at: nextAttemptAt,
          claim_token: null,
          status: failedAttempts >= MAX_DELIVERY_ATTEMPTS ? 'failed' : 'pending',
        })
        .execute();
    },

    async markSkipped(id, claimToken, why) {
      await mine(id, claimToken).set({ status: 'skipped', last_error: why, claim_token: null }).execute();
    },

    async postpone(id, claimToken, until) {
      await mine(id, claimToken).set({ not_before: until, next_attempt_at: until, claim_token: null }).execute();
    },
  };
}

/** No longer true: hidden from the centre, and nothing of it still waiting goes out. */
export async function withdrawNotification(db: Kysely<Database>, notificationId: string, at: Date): Promise<void> {
  await db.updateTable('notifications').set({ withdrawn_at: at }).where('id', '=', notificationId).where('withdrawn_at', 'is', null).execute();
  await db
    .updateTable('notification_deliveries')
    .set({ status: 'skipped', last_error: 'no longer true', claim_token: null })
    .where('notification_id', '=', notificationId)
    .where('status', '=', 'pending')
    .execute();
}
