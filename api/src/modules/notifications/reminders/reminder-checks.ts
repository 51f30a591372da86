import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { NotificationKind, ParamsOf } from '../notifications.port';
import { classReminderQueries } from './class-reminders.repository';
import { enquiryReminderQueries } from './enquiry-reminders.repository';
import { moneyReminderQueries } from './money-reminders.repository';

/** A raised notification as a check reads it, just before one of its texts or pushes goes out. */
export interface RaisedNotification<K extends NotificationKind> {
  userId: string;
  params: ParamsOf<K>;
  eventKey: string;
}

export type StillValid<K extends NotificationKind> = (db: Kysely<Database>, notification: RaisedNotification<K>, at: Date) => Promise<boolean>;

export type ReminderKind =
  | 'class.tomorrow'
  | 'class.in_an_hour'
  | 'pack.expiring'
  | 'payment_request.due_tomorrow'
  | 'payment_request.overdue'
  | 'offer.expiring'
  | 'teach.enquiry_reply_due'
  | 'teach.register_missing'
  | 'teach.student_no_classes';

/** The last part of an event key: the id it was raised for beyond the params (a place, a class). */
const lastPart = (eventKey: string): string => eventKey.slice(eventKey.lastIndexOf(':') + 1);

/** Does the pack still hold classes, with the last day the warning named? */
async function packStillLapsing(db: Kysely<Database>, batchStudentId: string, expiresOn: string): Promise<boolean> {
  const row = await db
    .selectFrom('batch_student_plans as bsp')
    .select('bsp.id')
    .where('bsp.batch_student_id', '=', batchStudentId)
    .where('bsp.status', '=', 'active')
    .where('bsp.valid_until', '=', expiresOn)
    .where(sql<boolean>`(select coalesce(sum(le.classes_delta), 0) from ledger_entries le where le.batch_student_plan_id = bsp.id) > 0`)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether a reminder is still true when its text or push is about to go out (after quiet hours,
 * or a relay's delay): a class cancelled since, a student removed, a request paid, an enquiry
 * answered, a pack used up or extended, and the reminder is not sent. `teach.today` is left out:
 * the teacher's day is worth hearing even if one class changed.
 */
export const reminderChecks: { [K in ReminderKind]: StillValid<K> } = {
  'class.tomorrow': (db, { userId, params }) => classReminderQueries(db).isFamilyExpected(params.sessionId, userId),
  'class.in_an_hour': (db, { userId, params }) => classReminderQueries(db).isFamilyExpected(params.sessionId, userId),
  'teach.student_no_classes': (db, { params, eventKey }) => classReminderQueries(db).isExpected(params.sessionId, lastPart(eventKey)),
  'teach.register_missing': (db, { params }) => classReminderQueries(db).isUnregistered(params.sessionId),
  'pack.expiring': (db, { params }) => packStillLapsing(db, params.batchStudentId, params.expiresOn),
  'payment_request.due_tomorrow': (db, { params }) => moneyReminderQueries(db).isOpenDueOn(params.paymentRequestId, params.dueOn),
  'payment_request.overdue': (db, { params }) => moneyReminderQueries(db).isOpenDueOn(params.paymentRequestId, params.dueOn),
  'offer.expiring': (db, { params, eventKey }, at) => enquiryReminderQueries(db).isDemoStillOffered(params.enquiryId, lastPart(eventKey), at),
  'teach.enquiry_reply_due': (db, { params }) => enquiryReminderQueries(db).isUnanswered(params.enquiryId),
};
