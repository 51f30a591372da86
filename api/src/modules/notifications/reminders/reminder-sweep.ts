import type { Kysely } from 'kysely';
import { addDaysToDateKey, istDateKey } from '@kalike/shared/format/dates';
import type { Database } from '../../../db/schema';
import type { ClassStandingOf } from '../../payments/payments.port';
import { classReminderQueries } from './class-reminders.repository';
import {
  dayBounds,
  expectedIn,
  familyClassReminders,
  noClassesLeftReminder,
  REMINDER_PAGE,
  registerMissingReminder,
  teacherClassesIn,
  teacherDayReminders,
} from './class-reminders';
import { enquiryReminderQueries } from './enquiry-reminders.repository';
import { offerExpiringReminder, replyDueReminder } from './enquiry-reminders';
import { moneyReminderQueries } from './money-reminders.repository';
import { openRequestsDue, requestReminder } from './money-reminders';
import { raiseReminders, type AnyEvent, type ReminderReport } from './reminder-raising';
import { dueDays, dueSpans, reminderWindows } from './reminder-windows';

export interface ReminderSweepDeps {
  db: Kysely<Database>;
  now: () => Date;
  /** Where each student stands on the ledger (payments), for the teacher's "no classes left". */
  classStanding: ClassStandingOf;
}

/**
 * The scheduled reminders: at each pass, what is due is computed from the data at that moment
 * (a class cancelled since is not in it), and each reminder is raised with a stable event key,
 * so any number of passes, on any number of instances, record it once per person. Each reminder
 * only within its window (reminder-windows.ts), and each read bounded.
 */
export function createReminderSweep({ db, now, classStanding }: ReminderSweepDeps) {
  const classes = classReminderQueries(db);
  const money = moneyReminderQueries(db);
  const enquiries = enquiryReminderQueries(db);
  const raise = (events: readonly AnyEvent[], report: ReminderReport) => raiseReminders(db, events, report);

  /** The evening before: families of tomorrow's classes, and teachers of students with no class left. */
  async function eveningBefore(tomorrow: string, at: Date): Promise<AnyEvent[]> {
    const { from, until } = dayBounds(tomorrow);
    const expected = await expectedIn(classes, from, until);
    // A demo needs no pack: only students with a place can have no class left.
    const placed = expected.filter((row) => !row.demo);
    const standing = await classStanding(placed.map((row) => row.student_key));
    const noneLeft = placed.flatMap((row) =>
      row.teacher_user_id && (standing.get(row.student_key)?.classesLeft ?? 0) <= 0
        ? [noClassesLeftReminder({ ...row, teacher_user_id: row.teacher_user_id }, at)]
        : [],
    );
    return [...familyClassReminders('class.tomorrow', expected, at), ...noneLeft];
  }

  return {
    /** One pass: every reminder due now. */
    async pass(): Promise<ReminderReport> {
      const at = now();
      const today = istDateKey(at);
      const days = dueDays(at);
      const spans = dueSpans(at);
      const report: ReminderReport = {};

      const soon = await expectedIn(classes, spans.classSoon.after, spans.classSoon.until);
      await raise(familyClassReminders('class.in_an_hour', soon, at), report);
      if (days.eveningBefore) await raise(await eveningBefore(days.eveningBefore, at), report);
      if (days.teacherMorning) {
        const { from, until } = dayBounds(days.teacherMorning);
        await raise(teacherDayReminders(await teacherClassesIn(classes, from, until), days.teacherMorning, at), report);
      }
      const unregistered = await classes.unregisteredBetween(spans.registerMissing.endedAfter, spans.registerMissing.endedBy, REMINDER_PAGE);
      await raise(
        unregistered.map((row) => registerMissingReminder(row, at)),
        report,
      );
      if (days.paymentDay) {
        const tomorrow = addDaysToDateKey(today, 1);
        const dueTomorrow = await openRequestsDue(money, tomorrow, tomorrow);
        await raise(
          dueTomorrow.map((row) => requestReminder('payment_request.due_tomorrow', row, at)),
          report,
        );
        const overdue = await openRequestsDue(money, addDaysToDateKey(today, -reminderWindows.overdueLookBackDays), addDaysToDateKey(today, -1));
        await raise(
          overdue.map((row) => requestReminder('payment_request.overdue', row, at)),
          report,
        );
      }
      const replyDue = await enquiries.unansweredDueBetween(spans.replyDue.after, spans.replyDue.until, REMINDER_PAGE);
      await raise(
        replyDue.map((row) => replyDueReminder(row, at)),
        report,
      );
      const offers = await enquiries.demoOffersEndingBetween(spans.offerExpiring.after, spans.offerExpiring.until, REMINDER_PAGE);
      await raise(
        offers.map((row) => offerExpiringReminder(row, at)),
        report,
      );
      return report;
    },
  };
}

export type ReminderSweep = ReturnType<typeof createReminderSweep>;
