import type { BackgroundTask } from '../../../background-work';
import type { ReminderSweep } from './reminder-sweep';

/**
 * The sweep as a recurring task, run on one instance per tick under the task's lease. Every pass
 * computes what is due afresh; what earlier passes (on this instance or another, or one killed
 * mid-pass) recorded is skipped by its event key, so a pass costs a few indexed reads when nothing
 * is new.
 */
export function reminderTask(sweep: ReminderSweep): BackgroundTask {
  return { name: 'raise-reminders', run: () => sweep.pass() };
}
