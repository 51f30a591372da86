import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { notificationsOf, type NotificationEvent, type NotificationKind } from '../notifications/notifications.port';
import { day, sessionSelects, type FamilyMemberRow, type OwnBatchRow, type SessionRow } from './session-rows';

/** The teacher's changes to a batch's classes: cancellations, holidays and extra classes, and the notices they raise. */
export function batchChangeQueries(db: Kysely<Database>) {
  const { ownBatches, places } = sessionSelects(db);
  const notifications = notificationsOf(db);
  return {
    findOwnBatch(batchId: string, teacherId: string): Promise<OwnBatchRow | undefined> {
      return ownBatches()
        .select(['b.id', 'b.name', 'p.name as program_name', 't.name as teacher_name'])
        .where('b.id', '=', batchId)
        .where('l.teacher_id', '=', teacherId)
        .executeTakeFirst();
    },

    async cancelSession(sessionId: string, reason: string, at: Date): Promise<void> {
      await db.updateTable('class_sessions').set({ status: 'cancelled', cancel_reason: reason, cancelled_at: at }).where('id', '=', sessionId).execute();
    },

    /** Everyone in the batch now, with their family's account holder. */
    findFamilies(batchId: string): Promise<FamilyMemberRow[]> {
      return places().select('la.user_id').where('bs.batch_id', '=', batchId).orderBy('bs.learner_account_id').orderBy('name').execute();
    },

    /** The batch's session on an IST day, whatever its status: a batch has at most one a day. */
    findSessionOn(batchId: string, day: string): Promise<{ id: string } | undefined> {
      return db.selectFrom('class_sessions').select('id').where('batch_id', '=', batchId).where('occurs_on', '=', day).executeTakeFirst();
    },

    /** An extra class; answers undefined when the day is taken meanwhile (one session per batch and day). */
    async insertExtraSession(values: { batchId: string; day: string; startsAt: Date; endsAt: Date }): Promise<{ id: string } | undefined> {
      return db
        .insertInto('class_sessions')
        .values({ batch_id: values.batchId, occurs_on: values.day, starts_at: values.startsAt, ends_at: values.endsAt, status: 'scheduled' })
        .onConflict((conflict) => conflict.columns(['batch_id', 'occurs_on']).doNothing())
        .returning('id')
        .executeTakeFirst();
    },

    async insertHoliday(values: { batchId: string; startsOn: string; endsOn: string; reason: string; at: Date }): Promise<string> {
      const row = await db
        .insertInto('batch_holidays')
        .values({ batch_id: values.batchId, starts_on: values.startsOn, ends_on: values.endsOn, reason: values.reason, created_at: values.at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Scheduled sessions on the holiday's days that have not started; returns them, soonest first. */
    async cancelForHoliday(values: { holidayId: string; batchId: string; startsOn: string; endsOn: string; reason: string; at: Date }): Promise<SessionRow[]> {
      const rows = await db
        .updateTable('class_sessions')
        .set({ status: 'cancelled', cancel_reason: values.reason, cancelled_at: values.at, holiday_id: values.holidayId })
        .where('batch_id', '=', values.batchId)
        .where('status', '=', 'scheduled')
        .where('occurs_on', '>=', values.startsOn)
        .where('occurs_on', '<=', values.endsOn)
        .where('starts_at', '>', values.at)
        .returning(['id', 'batch_id', day('occurs_on').as('occurs_on'), 'starts_at', 'ends_at', 'status', 'cancel_reason'])
        .execute();
      return rows.sort((a, b) => new Date(a.starts_at).getTime() - new Date(b.starts_at).getTime() || a.id.localeCompare(b.id));
    },

    notify<K extends NotificationKind>(event: NotificationEvent<K>): Promise<void> {
      return notifications.notify(event);
    },
  };
}
