import type { Kysely } from 'kysely';
import type { DeliveryChannel } from '@kalike/shared/domain/notification-kind-definition';
import type { Database } from '../../db/schema';
import type { ChannelOverrides, ChannelReach } from './channel-choice';

/** What decides a person's channels: their WhatsApp opt-in, their live push subscriptions, their choices. */
export function createNotificationReachRepository(db: Kysely<Database>) {
  return {
    /** The latest consent decides: an opt-out after an opt-in is an opt-out. */
    async whatsappOptedIn(userId: string): Promise<boolean> {
      const latest = await db
        .selectFrom('notification_consents')
        .select('given')
        .where('user_id', '=', userId)
        .where('channel', '=', 'whatsapp')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return latest?.given ?? false;
    },

    /** An erased account is told nothing: nobody signs in as it and its number is gone. */
    async isErased(userId: string): Promise<boolean> {
      const row = await db.selectFrom('users').select('erased_at').where('id', '=', userId).executeTakeFirst();
      return Boolean(row?.erased_at);
    },

    async reachOf(userId: string): Promise<ChannelReach> {
      const [whatsappOptedIn, push] = await Promise.all([
        this.whatsappOptedIn(userId),
        db.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).where('gone_at', 'is', null).limit(1).executeTakeFirst(),
      ]);
      return { whatsappOptedIn, pushSubscribed: push !== undefined };
    },

    /** The person's choices, by kind and channel. */
    async overridesOf(userId: string, kinds: readonly string[]): Promise<Map<string, ChannelOverrides>> {
      const byKind = new Map<string, Map<DeliveryChannel, boolean>>();
      if (kinds.length === 0) return byKind;
      const rows = await db
        .selectFrom('notification_preferences')
        .select(['kind', 'channel', 'enabled'])
        .where('user_id', '=', userId)
        .where('kind', 'in', kinds)
        .execute();
      for (const row of rows) {
        const channels = byKind.get(row.kind) ?? new Map<DeliveryChannel, boolean>();
        channels.set(row.channel, row.enabled);
        byKind.set(row.kind, channels);
      }
      return byKind;
    },
  };
}
