import { apiGet } from '@kalike/shared/api/client';
import type { LearnerUpdates } from '@kalike/shared/contracts/learner-updates';

/** Signing in never waits longer than this for the list it only uses to choose a page. */
export const waitingUpdatesTimeoutMs = 2000;

/**
 * Whether My Updates holds something the family must act on: a payment request to pay or a
 * class to rate. Read once, right after signing in, with the new sign-in's token; any failure
 * or a slow answer counts as nothing waiting, so signing in goes on as before.
 */
export async function somethingWaitsForFamily(timeoutMs = waitingUpdatesTimeoutMs): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const { updates } = await apiGet<LearnerUpdates>('v1/learners/updates', { signal: controller.signal });
    return updates.some((update) => update.kind === 'payment_request' || update.kind === 'survey_pending');
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
