import type { Session, SessionPlace, SessionStudent, SessionTeacher, UpcomingSessions } from '@kalike/shared/contracts/sessions';
import { istDateKey, type DateKey } from '@kalike/shared/format/dates';

/** One session with the batch it belongs to: what a row of the Sessions tab shows. */
export interface SessionEntry {
  session: Session;
  batch: { id: string; name: string; programName: string; teacher: SessionTeacher; place: SessionPlace };
  students: SessionStudent[];
}

export interface SessionDay {
  day: DateKey;
  entries: SessionEntry[];
}

/**
 * All sessions of all batches, soonest first, grouped by the Bengaluru day they start on.
 * The day comes from the start instant in IST, never the device's zone: a 00:30 class on
 * Monday is on Monday even though it is still Sunday in UTC.
 */
export function groupSessionsByDay(upcoming: UpcomingSessions): SessionDay[] {
  const entries: SessionEntry[] = upcoming.batches.flatMap(({ batch, students }) => {
    const { sessions, ...batchInfo } = batch;
    return sessions.map((session) => ({ session, batch: batchInfo, students }));
  });
  entries.sort((a, b) => Date.parse(a.session.startTime) - Date.parse(b.session.startTime) || a.batch.programName.localeCompare(b.batch.programName));
  const days: SessionDay[] = [];
  for (const entry of entries) {
    const day = istDateKey(entry.session.startTime);
    const last = days[days.length - 1];
    if (last?.day === day) last.entries.push(entry);
    else days.push({ day, entries: [entry] });
  }
  return days;
}
