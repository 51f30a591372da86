import type { Kysely } from 'kysely';
import type { NotificationKind, ParamsOf } from '@kalike/shared/domain/notification-kinds';
import type { Database } from '../../db/schema';

/** Who a notification is for and under which event key: a check can be sharpened to that person (their child still in the class). */
export interface RaisedFor {
  userId: string;
  eventKey: string;
}

/** Whether what a notification says is still so at send time (the class is still on, the pack still unpaid). */
export type StillValid<K extends NotificationKind> = (db: Kysely<Database>, params: ParamsOf<K>, raised?: RaisedFor) => Promise<boolean>;

/**
 * Checks the relay runs just before sending a kind's text or push: a false answer skips every
 * delivery of the notification and withdraws it from the centre. Reminders computed ahead of
 * time register theirs here (a class cancelled after its reminder was written is not reminded).
 * Kinds without one are always still valid.
 */
export const stillValidChecks: { [K in NotificationKind]?: StillValid<K> } = {};

export async function isStillValid(db: Kysely<Database>, kind: NotificationKind, params: unknown, raised?: RaisedFor): Promise<boolean> {
  const check = stillValidChecks[kind] as StillValid<NotificationKind> | undefined;
  return check ? check(db, params as never, raised) : true;
}
