import { sql, type Kysely } from 'kysely';
import { isUuid } from '@kalike/shared/domain/uuid';
import type { Database } from '../../../db/schema';
import type { NotificationKind, ParamsOf } from '../notifications.port';
import { stillValidChecks, type RaisedFor, type StillValid } from '../still-valid';
import { classReminderQueries } from './class-reminders.repository';
import { enquiryReminderQueries } from './enquiry-reminders.repository';
import { moneyReminderQueries } from './money-reminders.repository';

/** Is what a reminder says still so, just before one of its texts or pushes goes out? */
export type ReminderCheck<K extends NotificationKind> = (db: Kysely<Database>, params: ParamsOf<K>, raised?: RaisedFor) => Promise<boolean>;

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

/** The last part of an event key: the id it was raised for beyond the params (a place). */
const lastPart = (eventKey: string): string => eventKey.slice(eventKey.lastIndexOf(':') + 1);

/** Does the place still hold a pack with classes left, with the last day the warning named? */
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

/** A class reminder holds while the class is on and, for a known person, one of their students is still expected in it. */
const classStillOn: ReminderCheck<'class.tomorrow' | 'class.in_an_hour'> = (db, { sessionId }, raised) =>
  raised ? classReminderQueries(db).isFamilyExpected(sessionId, raised.userId) : classReminderQueries(db).isHeld(sessionId);

/**
 * A check reads the records its params name; params that name no record of ours (an id that is
 * not one) were not raised by a reminder, and nothing here can say they are no longer true.
 */
function onlyForRecords<K extends ReminderKind>(check: ReminderCheck<K>): ReminderCheck<K> {
  return (db, params, raised) => {
    const ids = Object.entries(params as Record<string, unknown>).filter(([name]) => name.endsWith('Id'));
    return ids.every(([, id]) => typeof id === 'string' && isUuid(id)) ? check(db, params, raised) : Promise.resolve(true);
  };
}

/**
 * Whether a reminder is still true when its text or push is about to go out (after quiet hours,
 * or a relay's delay): a class cancelled since, a student removed, a request paid, an enquiry
 * answered, a pack used up or extended, and the reminder is not sent. Time itself is the
 * notification's `validUntil` (a class that has begun). `teach.today` has none: the teacher's day
 * is worth hearing even if one class changed.
 */
const checksOfRecords: { [K in ReminderKind]: ReminderCheck<K> } = {
  'class.tomorrow': classStillOn,
  'class.in_an_hour': classStillOn,
  'teach.student_no_classes': (db, { sessionId }, raised) =>
    raised ? classReminderQueries(db).isExpected(sessionId, lastPart(raised.eventKey)) : classReminderQueries(db).isHeld(sessionId),
  'teach.register_missing': (db, { sessionId }) => classReminderQueries(db).isUnregistered(sessionId),
  'pack.expiring': (db, { batchStudentId, expiresOn }) => packStillLapsing(db, batchStudentId, expiresOn),
  'payment_request.due_tomorrow': (db, { paymentRequestId, dueOn }) => moneyReminderQueries(db).isOpenDueOn(paymentRequestId, dueOn),
  'payment_request.overdue': (db, { paymentRequestId, dueOn }) => moneyReminderQueries(db).isOpenDueOn(paymentRequestId, dueOn),
  'offer.expiring': (db, { enquiryId, expiresAt }) => enquiryReminderQueries(db).isDemoStillOffered(enquiryId, expiresAt),
  'teach.enquiry_reply_due': (db, { enquiryId }) => enquiryReminderQueries(db).isUnanswered(enquiryId),
};

export const reminderChecks: { [K in ReminderKind]: ReminderCheck<K> } = {
  'class.tomorrow': onlyForRecords(checksOfRecords['class.tomorrow']),
  'class.in_an_hour': onlyForRecords(checksOfRecords['class.in_an_hour']),
  'teach.student_no_classes': onlyForRecords(checksOfRecords['teach.student_no_classes']),
  'teach.register_missing': onlyForRecords(checksOfRecords['teach.register_missing']),
  'pack.expiring': onlyForRecords(checksOfRecords['pack.expiring']),
  'payment_request.due_tomorrow': onlyForRecords(checksOfRecords['payment_request.due_tomorrow']),
  'payment_request.overdue': onlyForRecords(checksOfRecords['payment_request.overdue']),
  'offer.expiring': onlyForRecords(checksOfRecords['offer.expiring']),
  'teach.enquiry_reply_due': onlyForRecords(checksOfRecords['teach.enquiry_reply_due']),
};

/**
 * Hands the checks to the relay, which runs one just before each text or push of its kind, with
 * the person it is for: a class reminder holds while one of that family's students is expected.
 */
export function registerReminderChecks(): void {
  const checks: { [K in ReminderKind]: StillValid<K> } = reminderChecks;
  Object.assign(stillValidChecks, checks);
}
