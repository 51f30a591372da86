import type { BackgroundTask } from '../../../background-work';
import type { ReminderSweep } from './reminder-sweep';

/** Reminders are due to the minute at the finest (class in an hour): a pass a minute is enough. */
export const REMINDER_PASS_EVERY_MS = 60_000;

/**
 * The sweep as a recurring task: run at most once a minute by this instance, whatever the
 * background interval. Instances share the task's lease, and the event keys make a reminder
 * raised by two passes (two instances, or one killed mid-pass and another after it) count once.
 */
export function reminderTask(sweep: ReminderSweep, now: () => Date): BackgroundTask {
  let lastPass: number | null = null;
  return {
    name: 'raise-reminders',
    async run() {
      const at = now().getTime();
      if (lastPass !== null && at - lastPass < REMINDER_PASS_EVERY_MS && at >= lastPass) return null;
      lastPass = at;
      return sweep.pass();
    },
  };
}
