import { addDaysToDateKey, formatLongDay, formatLongDayWithYear, istDateKey, type DateKey } from '@kalike/shared/format/dates';

export interface DayGroup<T> {
  key: DateKey;
  /** "Today", "Yesterday", "Monday, 23 November", or with its year when it was another year. */
  label: string;
  items: T[];
}

/** The heading of a Bengaluru calendar day, seen on `today`. */
export function istDayLabel(key: DateKey, today: DateKey): string {
  if (key === today) return 'Today';
  if (key === addDaysToDateKey(today, -1)) return 'Yesterday';
  return key.slice(0, 4) === today.slice(0, 4) ? formatLongDay(key) : formatLongDayWithYear(key);
}

/**
 * Items grouped by the Bengaluru day of their instant, in the order given (the API's newest first):
 * a day's heading comes once, where its first item is.
 */
export function groupByIstDay<T>(items: readonly T[], instantOf: (item: T) => string, now: Date): Array<DayGroup<T>> {
  const today = istDateKey(now);
  const groups: Array<DayGroup<T>> = [];
  for (const item of items) {
    const key = istDateKey(instantOf(item));
    const group = groups.find((candidate) => candidate.key === key);
    if (group) group.items.push(item);
    else groups.push({ key, label: istDayLabel(key, today), items: [item] });
  }
  return groups;
}
