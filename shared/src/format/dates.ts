const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });
const dateTimeFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

/** Dates are shown in Bengaluru time whatever the device's zone. */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

const istTimeZone = 'Asia/Kolkata';
const timeFormat = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: istTimeZone });
// en-CA writes dates as YYYY-MM-DD, which is exactly a date key.
const dateKeyFormat = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: istTimeZone });
// Date-only values name a calendar day, not an instant: they are read and shown in UTC so
// no device zone can move them to the day before.
const shortDayFormat = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const longDayFormat = new Intl.DateTimeFormat('en-IN', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
const dayMonthYearFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** India has kept UTC+05:30 all year since 1945: no daylight saving to follow. */
export const istOffsetMinutes = 5 * 60 + 30;
const IST_OFFSET_MS = istOffsetMinutes * 60_000;

const dateKeyPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day as `YYYY-MM-DD` (the API's date-only format). */
export type DateKey = string;

function dateKeyToUtc(key: DateKey): Date {
  const match = dateKeyPattern.exec(key);
  if (!match) throw new RangeError(`Not a date (YYYY-MM-DD): ${key}`);
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a date (YYYY-MM-DD): ${key}`);
  return date;
}

/** "5:30 pm", in Bengaluru time. */
export function formatTime(iso: string | Date): string {
  return timeFormat.format(typeof iso === 'string' ? new Date(iso) : iso);
}

/** The Bengaluru calendar day an instant falls on, e.g. for grouping sessions by day. */
export function istDateKey(instant: string | Date): DateKey {
  return dateKeyFormat.format(typeof instant === 'string' ? new Date(instant) : instant);
}

/** The instant a Bengaluru calendar day begins: India keeps UTC+05:30 all year, with no daylight saving. */
export function istDayStart(key: DateKey): Date {
  return new Date(dateKeyToUtc(key).getTime() - IST_OFFSET_MS);
}

/** The instant a Bengaluru wall-clock time (`HH:MM`) falls on a calendar day. */
export function istInstant(key: DateKey, hhmm: string): Date {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  if (!match) throw new RangeError(`Not a time (HH:MM): ${hhmm}`);
  return new Date(istDayStart(key).getTime() + (Number(match[1]) * 60 + Number(match[2])) * 60_000);
}

/** The Bengaluru wall-clock time (`HH:MM`) of an instant: the inverse of `istInstant` within a day. */
export function istClockTime(instant: Date): string {
  return new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(11, 16);
}

export function addDaysToDateKey(key: DateKey, days: number): DateKey {
  const date = dateKeyToUtc(key);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** ISO weekday of a calendar day: 1 = Monday … 7 = Sunday. */
export function isoWeekdayOfKey(key: DateKey): number {
  return ((dateKeyToUtc(key).getUTCDay() + 6) % 7) + 1;
}

/** The Monday of the week a calendar day is in: teachers plan Monday to Sunday. */
export function weekStartOf(key: DateKey): DateKey {
  return addDaysToDateKey(key, 1 - isoWeekdayOfKey(key));
}

/** Whether `value` is a real calendar day written `YYYY-MM-DD` (not 2026-02-30). */
export function isDateKey(value: string): boolean {
  const match = dateKeyPattern.exec(value);
  if (!match) return false;
  return dateKeyToUtc(value).toISOString().slice(0, 10) === value;
}

/** "Tue, 24 Nov". */
export function formatShortDay(key: DateKey): string {
  return shortDayFormat.format(dateKeyToUtc(key));
}

/** "Tuesday, 24 November": the date spelled out, for headings. */
export function formatLongDay(key: DateKey): string {
  return longDayFormat.format(dateKeyToUtc(key));
}

/** "24 Nov 2026" for a date-only value. */
export function formatCalendarDate(key: DateKey): string {
  return dayMonthYearFormat.format(dateKeyToUtc(key));
}

/** A wall-clock time the API sends as `HH:MM` (already IST), shown as "5:30 pm". */
export function formatClockTime(hhmm: string): string {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  if (!match) throw new RangeError(`Not a time (HH:MM): ${hhmm}`);
  const hours = Number(match[1]);
  const suffix = hours < 12 ? 'am' : 'pm';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${suffix}`;
}

/** ISO weekday numbers, 1 = Monday … 7 = Sunday, as the API sends them. */
export const weekdayShortNames = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export const weekdayLongNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/**
 * "Mon, Wed, Fri", "Mon–Fri", "Every day". Runs of three or more days in a row are written
 * as a range, the way a timetable on a notice board would.
 */
export function formatWeekdays(days: readonly number[]): string {
  const sorted = [...new Set(days)].filter((day) => Number.isInteger(day) && day >= 1 && day <= 7).sort((a, b) => a - b);
  if (sorted.length === 7) return 'Every day';
  const parts: string[] = [];
  let start = 0;
  for (let index = 1; index <= sorted.length; index += 1) {
    if (index < sorted.length && sorted[index] === sorted[index - 1]! + 1) continue;
    const run = sorted.slice(start, index);
    if (run.length >= 3) parts.push(`${weekdayShortNames[run[0]! - 1]}–${weekdayShortNames[run[run.length - 1]! - 1]}`);
    else parts.push(...run.map((day) => weekdayShortNames[day - 1]!));
    start = index;
  }
  return parts.join(', ');
}

/** "Wednesday, 6 January 2027": a calendar day spelled out with its year, for days that may fall in another year. */
export function formatLongDayWithYear(key: DateKey): string {
  return `${formatLongDay(key)} ${dateKeyToUtc(key).getUTCFullYear()}`;
}

/** "Tuesday, 24 November at 5:30 pm": an instant with its Bengaluru day spelled out. */
export function formatInstantLong(iso: string): string {
  return `${formatLongDay(istDateKey(iso))} at ${formatTime(iso)}`;
}
