import type { Kysely } from 'kysely';
import { definitionOf, paramsFit, type NotificationKind, type ParamsOf } from '@kalike/shared/domain/notification-kinds';
import type { Database } from '../../db/schema';
import { channelsToSend } from './channel-choice';
import { createNotificationReachRepository } from './notification-reach.repository';
import { sendableFrom } from './quiet-hours';

// The kinds and their params are part of this port's surface.
export type { NotificationKind, ParamsOf };

export interface NotificationEvent<K extends NotificationKind> {
  kind: K;
  /** users.id of the person told; a person who is both learner and teacher gets each kind in its own audience. */
  userId: string;
  params: ParamsOf<K>;
  /** Stable per event and person, e.g. `class.tomorrow:<sessionId>:<studentId>`: a second notify of it changes nothing. */
  eventKey: string;
  /** When the event happened (the app's clock). */
  at: Date;
  /** Past this, texts and pushes not yet sent are dropped (e.g. the class has begun). */
  validUntil?: Date;
}

export interface NotificationsPort {
  /**
   * Call with the transaction that makes the event true, so both commit or neither does. Writes
   * the in-app notification and one pending delivery per channel the person wants it on.
   */
  notify<K extends NotificationKind>(event: NotificationEvent<K>): Promise<void>;
}

/** The notifications bound to the caller's database or open transaction. */
export function notificationsOf(db: Kysely<Database>): NotificationsPort {
  const reach = createNotificationReachRepository(db);
  return {
    async notify({ kind, userId, params, eventKey, at, validUntil }) {
      const definition = definitionOf(kind);
      if (!paramsFit(kind, params)) throw new TypeError(`Params of ${kind} do not fit its catalogue fields`);
      if (await reach.isErased(userId)) return;
      const inserted = await db
        .insertInto('notifications')
        .values({
          user_id: userId,
          audience: definition.audience,
          kind,
          params: JSON.stringify(params),
          event_key: eventKey,
          link: definition.link(params as never),
          created_at: at,
          valid_until: validUntil ?? null,
        })
        .onConflict((conflict) => conflict.columns(['user_id', 'event_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      // Already recorded for this person: its deliveries were decided then.
      if (!inserted) return;

      const [personReach, overrides] = await Promise.all([reach.reachOf(userId), reach.overridesOf(userId, [kind])]);
      const channels = channelsToSend(kind, overrides.get(kind) ?? new Map(), personReach);
      if (channels.length === 0) return;
      const notBefore = sendableFrom(at, definition.quietHours);
      await db
        .insertInto('notification_deliveries')
        .values(channels.map((channel) => ({ notification_id: inserted.id, channel, not_before: notBefore, next_attempt_at: notBefore, created_at: at })))
        .execute();
    },
  };
}
