import { addDaysToDateKey, type DateKey } from '@kalike/shared/format/dates';
import type { TransactionHandle } from '../../shared/transactional-repository';
import type { GiveBackLostClassWithin } from '../payments/payments.port';
import { expandSchedule, type ScheduleHoliday } from './schedule';
import type { HolidayRow, ScheduleRow } from './session-rows';
import type { SessionsQueries } from './sessions.repository';

/** How far ahead a given-back class is looked for: a batch that does not meet for a year has ended. */
const searchDays = 366;

/** The batch's next class after a day, from its schedule less its holidays; null when it meets no more. */
export function nextClassOf(schedule: ScheduleRow, holidays: readonly HolidayRow[]): (day: DateKey) => DateKey | null {
  const off: ScheduleHoliday[] = holidays.map((holiday) => ({ id: holiday.id, startsOn: holiday.starts_on, endsOn: holiday.ends_on, reason: holiday.reason }));
  return (day) => {
    const from = addDaysToDateKey(day, 1);
    const occurrences = expandSchedule(
      {
        daysOfWeek: schedule.days_of_week.map(Number),
        startTime: schedule.start_time,
        endTime: schedule.end_time,
        startsOn: schedule.starts_on,
        endsOn: schedule.ends_on,
      },
      { from, until: addDaysToDateKey(from, searchDays) },
      off,
    );
    return occurrences.find((occurrence) => occurrence.holiday === null)?.occursOn ?? null;
  };
}

/**
 * Classes the teacher called off are given back to the families' packs, in the same transaction
 * as the cancellation: sessions knows the schedule, payments the packs (through its port).
 */
export async function giveBackLostClasses(
  tx: Pick<SessionsQueries, 'findSchedules' | 'findHolidays'>,
  handle: TransactionHandle,
  giveBackWithin: GiveBackLostClassWithin,
  lost: { batchId: string; sessions: ReadonlyArray<{ id: string; occurs_on: string }> },
): Promise<void> {
  const [schedule] = await tx.findSchedules([lost.batchId]);
  const [first] = lost.sessions;
  if (!schedule || !first) return;
  const holidays = await tx.findHolidays([lost.batchId], first.occurs_on, addDaysToDateKey(first.occurs_on, 3 * searchDays));
  const nextClassAfter = nextClassOf(schedule, holidays);
  // In day order, so each lost class moves the last day one class further.
  for (const session of [...lost.sessions].sort((a, b) => a.occurs_on.localeCompare(b.occurs_on))) {
    await giveBackWithin(handle, { sessionId: session.id, batchId: lost.batchId, day: session.occurs_on, nextClassAfter });
  }
}
