import { formatTime } from '@kalike/shared/format/dates';

/** "5:30 pm – 6:30 pm" in Bengaluru time. */
export function formatTimeRange(startIso: string, endIso: string): string {
  return `${formatTime(startIso)} – ${formatTime(endIso)}`;
}
