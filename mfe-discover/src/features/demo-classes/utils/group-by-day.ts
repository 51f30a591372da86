import type { DemoClass } from '@kalike/shared/contracts/teacher-listings';
import { istDateKey, type DateKey } from '@kalike/shared/format/dates';

export interface DemoClassDay {
  day: DateKey;
  classes: DemoClass[];
}

/** Demo classes by their Bengaluru calendar day, days in order and each day's classes by start time. */
export function groupByIstDay(classes: readonly DemoClass[]): DemoClassDay[] {
  const sorted = [...classes].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  const days = new Map<DateKey, DemoClass[]>();
  for (const demo of sorted) {
    const day = istDateKey(demo.startsAt);
    const list = days.get(day);
    if (list) list.push(demo);
    else days.set(day, [demo]);
  }
  return [...days].map(([day, dayClasses]) => ({ day, classes: dayClasses }));
}
