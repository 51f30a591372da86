import { earningsMaxMonths, earningsMonthPattern } from '@kalike/shared/domain/payment-values';
import { istDateKey } from '@kalike/shared/format/dates';

const monthPattern = new RegExp(earningsMonthPattern);
// A month names a calendar month, not an instant: read and shown in UTC so no zone moves it.
const monthFormat = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** This month in Bengaluru, YYYY-MM. */
export function currentIstMonth(at: Date = new Date()): string {
  return istDateKey(at).slice(0, 7);
}

/** `month` moved by `count` months (negative goes back). */
export function addMonths(month: string, count: number): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  const index = year * 12 + (monthNumber - 1) + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** "June 2025". */
export function formatMonth(month: string): string {
  return monthFormat.format(new Date(`${month}-01T00:00:00Z`));
}

export type MonthRangeCheck = { ok: true; from: string; to: string } | { ok: false; message: string };

/** The statement's range as the API accepts it, or the sentence that says what to change. */
export function checkMonthRange(from: string, to: string): MonthRangeCheck {
  if (!monthPattern.test(from)) return { ok: false, message: 'Choose the first month of the statement.' };
  if (!monthPattern.test(to)) return { ok: false, message: 'Choose the last month of the statement.' };
  if (from > to) return { ok: false, message: `The statement must start before it ends: ${formatMonth(from)} is after ${formatMonth(to)}.` };
  if (addMonths(from, earningsMaxMonths - 1) < to) {
    return { ok: false, message: `A statement covers at most ${earningsMaxMonths} months. Choose a later first month or an earlier last one.` };
  }
  return { ok: true, from, to };
}
