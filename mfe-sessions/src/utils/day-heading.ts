import { addDaysToDateKey, formatLongDay, type DateKey } from '@kalike/shared/format/dates';

/** "Today · Sunday, 22 November", "Tomorrow · Monday, 23 November", "Tuesday, 24 November". */
export function dayHeading(day: DateKey, today: DateKey): string {
  const spelled = formatLongDay(day);
  if (day === today) return `Today · ${spelled}`;
  if (day === addDaysToDateKey(today, 1)) return `Tomorrow · ${spelled}`;
  return spelled;
}
