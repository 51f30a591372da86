import type { TeacherClass, TeacherHoliday, TeacherWeek } from '@kalike/shared/contracts/sessions';
import { addDaysToDateKey, isDateKey, istDateKey, weekStartOf, type DateKey } from '@kalike/shared/format/dates';

/** What the `?week=` parameter asks for: this week, a week (its Monday), or nothing sensible. */
export type WeekParam = { kind: 'this-week' } | { kind: 'week'; monday: DateKey } | { kind: 'invalid'; given: string };

/**
 * Reads `?week=`: a real calendar day, any day of the week, means the week (Monday to Sunday)
 * it is in; anything else is refused and this week is shown with a note.
 */
export function parseWeekParam(value: string | null): WeekParam {
  if (value === null || value === '') return { kind: 'this-week' };
  if (!isDateKey(value)) return { kind: 'invalid', given: value };
  return { kind: 'week', monday: weekStartOf(value) };
}

export interface ScheduleDay {
  day: DateKey;
  classes: TeacherClass[];
  /** Holidays of the teacher's batches covering the day. */
  holidays: TeacherHoliday[];
}

/**
 * The week's seven days, Monday to Sunday, each with its classes soonest first and the
 * holidays covering it. A class belongs to the Bengaluru day it starts on, never the device's.
 */
export function groupWeekByDay(week: TeacherWeek): ScheduleDay[] {
  return Array.from({ length: 7 }, (_, offset) => {
    const day = addDaysToDateKey(week.weekOf, offset);
    return {
      day,
      classes: week.classes
        .filter((entry) => istDateKey(entry.session.startTime) === day)
        .sort((a, b) => Date.parse(a.session.startTime) - Date.parse(b.session.startTime) || a.batch.name.localeCompare(b.batch.name)),
      holidays: week.holidays.filter((holiday) => holiday.startsOn <= day && day <= holiday.endsOn),
    };
  });
}
