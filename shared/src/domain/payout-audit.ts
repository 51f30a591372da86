/**
 * The payout audit trail's vocabulary (`payout_audit_events`), read by the API that writes it
 * and by the admin page that shows it: every payout and every change of a payout account.
 */
export const payoutAuditEvents = [
  'account_change_requested',
  'account_added',
  'account_changed',
  'account_verified',
  'account_failed',
  'account_held_for_review',
  'account_approved',
  'account_rejected',
  'payout_created',
  'payout_paid',
  'payout_failed',
  'payout_held',
] as const;
export type PayoutAuditEvent = (typeof payoutAuditEvents)[number];

export const payoutAuditEventLabels: Readonly<Record<PayoutAuditEvent, string>> = {
  account_change_requested: 'Account change asked for (code confirmed)',
  account_added: 'Account added',
  account_changed: 'Account changed',
  account_verified: 'Account verified',
  account_failed: 'Account could not be verified',
  account_held_for_review: 'Account held for review (name mismatch)',
  account_approved: 'Account approved by an admin',
  account_rejected: 'Account rejected by an admin',
  payout_created: 'Payout created',
  payout_paid: 'Payout paid',
  payout_failed: 'Payout failed',
  payout_held: 'Payout held',
};

/** Who did it: the teacher, a Kalike admin, our own background work, or the payout provider's answer. */
export const payoutAuditActors = ['teacher', 'admin', 'system', 'provider'] as const;
export type PayoutAuditActor = (typeof payoutAuditActors)[number];
