import { formatDateTime } from '@kalike/shared/format/dates';
import type { PayoutAccountRow } from './payout-accounts.repository';
import { isCoolingOff } from './payout-claims.repository';

export interface PayoutHold {
  /** When payouts may go again; null while an admin has yet to review the account. */
  until: Date | null;
  reason: string;
}

/** Why payouts to the account wait, in words the teacher reads ("Held until 2 Dec, 10:15 am: …"), or null when they do not. */
export function payoutHoldOf(account: PayoutAccountRow | undefined, now: Date): PayoutHold | null {
  if (!account) return null;
  const changed = formatDateTime(new Date(account.changed_at).toISOString());
  if (account.verification === 'review') {
    return {
      until: null,
      reason: `Held for review: the name your bank gave for this account is not the name on your Kalike profile. No payout goes to it until Kalike has checked it with you (changed on ${changed}).`,
    };
  }
  if (account.verification === 'verified' && account.held_until && isCoolingOff(account, now)) {
    const until = new Date(account.held_until);
    return { until, reason: `Held until ${formatDateTime(until.toISOString())}: your payout account changed on ${changed}.` };
  }
  return null;
}
