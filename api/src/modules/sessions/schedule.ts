/**
 * A batch's weekly schedule expanded into the days it meets. Pure: no clock, no database, so
 * the API's session generation and the seed produce the very same days and instants.
 *
 * Every calendar day and wall-clock time is in IST, which has been UTC+05:30 with no daylight
 * saving since 1945, so an instant is the wall time minus a fixed offset.
 */
import { istOffsetMinutes } from '@kalike/shared/format/dates';

export interface BatchSchedule {
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  daysOfWeek: readonly number[];
  /** 'HH:MM' (seconds, if present, are ignored), IST. */
  startTime: string;
  endTime: string;
  /** YYYY-MM-DD, the first day the batch may meet. */
  startsOn: string;
  /** YYYY-MM-DD inclusive, or null while the batch runs on. */
  endsOn: string | null;
}

export interface ScheduleHoliday {
  id: string;
  startsOn: string;
  /** Inclusive. */
  endsOn: string;
  reason: string;
}

/** IST days `[from, until)`. */
export interface DayWindow {
  from: string;
  until: string;
}

export interface Occurrence {
  occursOn: string;
  /** UTC ISO instants of the IST wall times. */
  startsAt: string;
  endsAt: string;
  /**
   * The holiday covering the day, or null. A holiday day is still an occurrence: it becomes a
   * cancelled session that tells families why there is no class, rather than a silent gap.
   */
  holiday: ScheduleHoliday | null;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/** Days since 1970-01-01 for a YYYY-MM-DD calendar day. */
export function dayNumber(date: string): number {
  const match = DATE.exec(date);
  if (!match) throw new Error(`Not a calendar day: ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

export function dayFromNumber(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday of a day number; 1970-01-01 was a Thursday (4). */
function isoWeekdayOf(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

export function isoWeekday(date: string): number {
  return isoWeekdayOf(dayNumber(date));
}

function minutesOf(time: string): number {
  const match = TIME.exec(time);
  if (!match) throw new Error(`Not a wall-clock time: ${time}`);
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (minutes >= 24 * 60 || Number(match[2]) >= 60) throw new Error(`Not a wall-clock time: ${time}`);
  return minutes;
}

/**
 * The days of `window` the batch meets, in order, each with its start and end instants and the
 * first of `holidays` (in the order given) that covers it. A class whose end time is not after
 * its start runs past midnight into the next day.
 */
export function expandSchedule(schedule: BatchSchedule, window: DayWindow, holidays: readonly ScheduleHoliday[] = []): Occurrence[] {
  const first = Math.max(dayNumber(window.from), dayNumber(schedule.startsOn));
  const end = Math.min(dayNumber(window.until), schedule.endsOn === null ? Infinity : dayNumber(schedule.endsOn) + 1);
  if (first >= end) return [];

  const weekdays = new Set(schedule.daysOfWeek);
  const start = minutesOf(schedule.startTime);
  const length = ((minutesOf(schedule.endTime) - start + 24 * 60 - 1) % (24 * 60)) + 1;
  const ranges = holidays.map((holiday) => ({ holiday, from: dayNumber(holiday.startsOn), to: dayNumber(holiday.endsOn) }));

  const occurrences: Occurrence[] = [];
  for (let day = first; day < end; day++) {
    if (!weekdays.has(isoWeekdayOf(day))) continue;
    const startsAt = (day * 24 * 60 + start - istOffsetMinutes) * MINUTE_MS;
    occurrences.push({
      occursOn: dayFromNumber(day),
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(startsAt + length * MINUTE_MS).toISOString(),
      holiday: ranges.find((range) => range.from <= day && day <= range.to)?.holiday ?? null,
    });
  }
  return occurrences;
}
