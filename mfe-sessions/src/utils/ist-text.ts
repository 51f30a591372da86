import { formatLongDay, formatTime, istDateKey, type DateKey } from '@kalike/shared/format/dates';

/** "Tuesday, 24 November at 5:30 pm": an instant with its Bengaluru day spelled out. */
export function formatInstantLong(iso: string): string {
  return `${formatLongDay(istDateKey(iso))} at ${formatTime(iso)}`;
}

/** "5:30 pm – 6:30 pm" in Bengaluru time. */
export function formatTimeRange(startIso: string, endIso: string): string {
  return `${formatTime(startIso)} – ${formatTime(endIso)}`;
}

/**
 * "Wednesday, 6 January 2027": a date-only value spelled out with its year, for dates that
 * may fall in another year (a pack's last day).
 */
export function formatLongDayWithYear(key: DateKey): string {
  return `${formatLongDay(key)} ${key.slice(0, 4)}`;
}
