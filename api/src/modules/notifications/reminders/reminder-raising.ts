import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { notificationsOf, type NotificationEvent, type NotificationKind } from '../notifications.port';

/** How many reminders of each kind a pass raised (a reminder some pass already recorded is not counted). */
export type ReminderReport = Partial<Record<NotificationKind, number>>;

export type AnyEvent = NotificationEvent<NotificationKind>;

/** The events of this list already recorded: one read, by the (person, event key) unique index. */
async function alreadyRaised(db: Kysely<Database>, events: readonly AnyEvent[]): Promise<Set<string>> {
  if (events.length === 0) return new Set();
  const pairs = events.map((event) => sql`(${event.userId}::uuid, ${event.eventKey})`);
  const rows = await db
    .selectFrom('notifications')
    .select(['user_id', 'event_key'])
    .where(sql<boolean>`(user_id, event_key) in (${sql.join(pairs)})`)
    .execute();
  return new Set(rows.map((row) => `${row.user_id} ${row.event_key}`));
}

/**
 * Raises what is not recorded yet, each in its own transaction (the notification and its
 * deliveries are written together). Two passes racing each other both try; the unique key lets
 * one record it.
 */
export async function raiseReminders(db: Kysely<Database>, candidates: readonly AnyEvent[], report: ReminderReport): Promise<void> {
  const raised = await alreadyRaised(db, candidates);
  for (const event of candidates) {
    if (raised.has(`${event.userId} ${event.eventKey}`)) continue;
    await db.transaction().execute((trx) => notificationsOf(trx).notify(event));
    report[event.kind] = (report[event.kind] ?? 0) + 1;
  }
}
