import { addDaysToDateKey, istClockTime, istDateKey, istInstant } from '@kalike/shared/format/dates';
import type { QuietHours } from '@kalike/shared/domain/notification-kind-definition';

/** 21:00–08:00 IST: no text or push then, except kinds the catalogue exempts. */
export const QUIET_FROM = '21:00';
export const QUIET_UNTIL = '08:00';

export function inQuietHours(at: Date): boolean {
  const time = istClockTime(at);
  return time >= QUIET_FROM || time < QUIET_UNTIL;
}

/** When a delivery of a kind may go out if it were ready at `at`: at once, or the 08:00 IST that ends the quiet hours it falls in. */
export function sendableFrom(at: Date, quietHours: QuietHours): Date {
  if (quietHours === 'exempt' || !inQuietHours(at)) return at;
  const today = istDateKey(at);
  return istClockTime(at) < QUIET_UNTIL ? istInstant(today, QUIET_UNTIL) : istInstant(addDaysToDateKey(today, 1), QUIET_UNTIL);
}
