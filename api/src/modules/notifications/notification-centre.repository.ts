import { sql, type Kysely } from 'kysely';
import type { NotificationAudience } from '@kalike/shared/domain/notification-kind-definition';
import type { Database } from '../../db/schema';

export interface StoredNotification {
  id: string;
  kind: string;
  params: unknown;
  link: string;
  created_at: Date;
  read_at: Date | null;
}

export interface NotificationCursor {
  createdAt: Date;
  id: string;
}

/** A person's in-app notifications of one audience; withdrawn ones are never shown or counted. */
export function createNotificationCentreRepository(db: Kysely<Database>) {
  const visible = (userId: string, audience: NotificationAudience) =>
    db.selectFrom('notifications').where('user_id', '=', userId).where('audience', '=', audience).where('withdrawn_at', 'is', null);

  return {
    /** Newest first, `limit` rows from before the cursor. */
    async list(userId: string, audience: NotificationAudience, before: NotificationCursor | undefined, limit: number): Promise<StoredNotification[]> {
      let query = visible(userId, audience).select(['id', 'kind', 'params', 'link', 'created_at', 'read_at']);
      if (before) {
        query = query.where((eb) =>
          eb.or([eb('created_at', '<', before.createdAt), eb.and([eb('created_at', '=', before.createdAt), eb('id', '<', before.id)])]),
        );
      }
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    async unreadCount(userId: string, audience: NotificationAudience): Promise<number> {
      const row = await visible(userId, audience)
        .select(sql<number>`count(*)::int`.as('count'))
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return row.count;
    },

    /** False when the person has no such notification (someone else's is not theirs to know of). */
    async markRead(userId: string, id: string, at: Date): Promise<boolean> {
      const row = await db
        .updateTable('notifications')
        .set({ read_at: sql<Date>`coalesce(read_at, ${at})` })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('withdrawn_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async markAllRead(userId: string, audience: NotificationAudience, at: Date): Promise<number> {
      const result = await db
        .updateTable('notifications')
        .set({ read_at: at })
        .where('user_id', '=', userId)
        .where('audience', '=', audience)
        .where('read_at', 'is', null)
        .where('withdrawn_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
