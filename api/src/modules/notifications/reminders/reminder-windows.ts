import { addDaysToDateKey, istClockTime, istDateKey, type DateKey } from '@kalike/shared/format/dates';

/**
 * When each reminder may be raised, computed from the clock at the sweep's pass. Each window is
 * bounded: a pass after downtime raises only what is still worth saying now, never yesterday's
 * "class tomorrow". A window that closes at 21:00 IST keeps an evening reminder out of the quiet
 * hours, where it would wait until the morning of the very day it calls "tomorrow".
 */
export const reminderWindows = {
  /** Class tomorrow and a student with no classes left in it: the evening before. */
  eveningBefore: { from: '18:00', until: '21:00' },
  /** The teacher's day: from 07:30 until noon, after which the day is under way. */
  teacherMorning: { from: '07:30', until: '12:00' },
  /** Payment requests falling due or overdue: in the day's working hours. */
  paymentDay: { from: '09:00', until: '21:00' },
  /** Class in an hour: classes starting within this many minutes. */
  classSoonMinutes: 60,
  /** Six hours left to reply to an enquiry. */
  replyDueHours: 6,
  /** A demo offer is reminded when its class is this close; it can no longer be booked once it starts. */
  offerExpiringHours: 24,
  /** Register not taken this long after a class ended… */
  registerMissingAfterHours: 2,
  /** …and not reminded of a class that ended longer ago than this. */
  registerMissingLookBackHours: 24,
  /** An overdue request is reminded once, within this many days of its due day. */
  overdueLookBackDays: 3,
} as const;

type Window = { from: string; until: string };

const within = (at: Date, window: Window): boolean => {
  const time = istClockTime(at);
  return time >= window.from && time < window.until;
};

/** The IST day a reminder due now concerns, or null outside its window. */
export interface DueDays {
  /** Tomorrow, in the evening window; else null. */
  eveningBefore: DateKey | null;
  /** Today, in the teacher's morning window; else null. */
  teacherMorning: DateKey | null;
  /** Today, in the payment window; else null. */
  paymentDay: DateKey | null;
}

export function dueDays(at: Date): DueDays {
  const today = istDateKey(at);
  return {
    eveningBefore: within(at, reminderWindows.eveningBefore) ? addDaysToDateKey(today, 1) : null,
    teacherMorning: within(at, reminderWindows.teacherMorning) ? today : null,
    paymentDay: within(at, reminderWindows.paymentDay) ? today : null,
  };
}

const hours = (count: number) => count * 60 * 60_000;

export const addMs = (at: Date, ms: number): Date => new Date(at.getTime() + ms);

/** Instants bounding the reminders that look at a span of time around now. */
export function dueSpans(at: Date) {
  return {
    classSoon: { after: at, until: addMs(at, reminderWindows.classSoonMinutes * 60_000) },
    replyDue: { after: at, until: addMs(at, hours(reminderWindows.replyDueHours)) },
    offerExpiring: { after: at, until: addMs(at, hours(reminderWindows.offerExpiringHours)) },
    registerMissing: {
      endedAfter: addMs(at, -hours(reminderWindows.registerMissingAfterHours + reminderWindows.registerMissingLookBackHours)),
      endedBy: addMs(at, -hours(reminderWindows.registerMissingAfterHours)),
    },
  };
}
