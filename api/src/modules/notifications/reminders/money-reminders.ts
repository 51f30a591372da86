import { istDayStart } from '@kalike/shared/format/dates';
import type { NotificationEvent } from '../notifications.port';
import { REMINDER_MAX_PAGES, REMINDER_PAGE } from './class-reminders';
import type { MoneyReminderQueries, OpenRequestRow } from './money-reminders.repository';

type RequestReminderKind = 'payment_request.due_tomorrow' | 'payment_request.overdue';

/**
 * A reminder of an open request, once per request and kind. "Due tomorrow" stops being true when
 * its due day begins; "overdue" is said once and holds until the request is paid or withdrawn.
 */
export function requestReminder(kind: RequestReminderKind, row: OpenRequestRow, at: Date): NotificationEvent<RequestReminderKind> {
  return {
    kind,
    userId: row.user_id,
    params: { teacherName: row.teacher_name, amountPaise: row.amount_paise, dueOn: row.due_on, paymentRequestId: row.id },
    eventKey: `${kind}:${row.id}`,
    at,
    ...(kind === 'payment_request.due_tomorrow' ? { validUntil: istDayStart(row.due_on) } : {}),
  };
}

/** Open requests due on a day in [from, until], every page of them. */
export async function openRequestsDue(queries: MoneyReminderQueries, from: string, until: string): Promise<OpenRequestRow[]> {
  const rows: OpenRequestRow[] = [];
  let afterId: string | null = null;
  for (let page = 0; page < REMINDER_MAX_PAGES; page++) {
    const batch = await queries.openDueBetween(from, until, afterId, REMINDER_PAGE);
    rows.push(...batch);
    const last = batch[batch.length - 1];
    if (batch.length < REMINDER_PAGE || !last) break;
    afterId = last.id;
  }
  return rows;
}
