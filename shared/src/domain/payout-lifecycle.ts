import { defineLifecycle, type ActionOf } from '@kalike/shared/domain/lifecycle';

/**
 * A payout's lifecycle (money sent from Kalike to a teacher's bank account or UPI id), and the
 * verification states of the account it goes to: one table of statuses, moves and who makes
 * each, read by the API (to allow or refuse a move) and by the teacher's payouts page (to say
 * where a payout stands). Schema-free, so the browser can load it.
 *
 * - `created`: claimed for a teacher and period, its amount booked off the teacher's balance;
 *   not yet accepted by the payout provider (or the answer was lost: it is sent again, with
 *   the same idempotency key).
 * - `processing`: the provider accepted it and is moving the money.
 * - `paid`: the money reached the account.
 * - `failed`: the provider could not pay it (or reversed it); its amount is back on the balance.
 */
export const payoutStatuses = ['created', 'processing', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

export const payoutLifecycle = defineLifecycle({
  statuses: payoutStatuses,
  /** Every allowed move; `from: []` is how a payout starts. */
  transitions: {
    /** The weekly schedule claimed the teacher's payable balance for its period. */
    schedule: { from: [], to: 'created', by: 'system' },
    /** The teacher's "Pay out now" claimed the payable balance for today. */
    request: { from: [], to: 'created', by: 'teacher' },
    /** The provider accepted the transfer. */
    send: { from: ['created'], to: 'processing', by: 'provider' },
    /** The money reached the account (a provider may report it before we saw `processing`). */
    pay: { from: ['created', 'processing'], to: 'paid', by: 'provider' },
    /** The provider refused it, could not pay it, or sent the money back after paying. */
    fail: { from: ['created', 'processing', 'paid'], to: 'failed', by: 'provider' },
  },
  /** What the teacher reads for each status. */
  labels: {
    created: 'Starting',
    processing: 'On its way',
    paid: 'Paid',
    failed: 'Failed',
  },
});

export type PayoutMove = ActionOf<typeof payoutLifecycle.transitions>;

/**
 * A payout account's verification: `pending` while the provider checks it (every new or
 * changed account starts here), then `verified` (payouts may go to it), `review` (the bank
 * holds it under a name that is not the teacher's: no payout goes to it until a Kalike admin
 * approves it, which makes it `verified`, or rejects it, which makes it `failed` with the
 * reason) or `failed` (with the reason; the teacher corrects it, which checks it again).
 */
export const payoutAccountVerifications = ['pending', 'verified', 'review', 'failed'] as const;
export type PayoutAccountVerification = (typeof payoutAccountVerifications)[number];

export const payoutAccountVerificationLabels: Readonly<Record<PayoutAccountVerification, string>> = {
  pending: 'Being verified',
  verified: 'Verified',
  review: 'Held for review',
  failed: 'Could not be verified',
};

/**
 * Payouts to an account wait this long after it was added or changed (the first account too):
 * a stolen sign-in cannot add an account and be paid before the teacher, told by SMS at once,
 * calls us. See docs/product-decisions.md.
 */
export const payoutAccountCoolingOffHours = 48;

export const payoutAccountKinds = ['bank', 'upi'] as const;
export type PayoutAccountKind = (typeof payoutAccountKinds)[number];

/** Entries of the teacher's side of the ledger: a payout's amount leaves, and comes back when it fails. */
export const payoutLedgerEntryKinds = ['payout', 'payout_reversal'] as const;
export type PayoutLedgerEntryKind = (typeof payoutLedgerEntryKinds)[number];

/** How a payout was started. */
export const payoutTriggers = ['schedule', 'teacher'] as const;
export type PayoutTrigger = (typeof payoutTriggers)[number];

/** Indian Financial System Code: four letters of the bank, a zero, six letters or digits of the branch. */
export const ifscPattern = '^[A-Z]{4}0[A-Z0-9]{6}$';
/** A bank account number: 9 to 18 digits (Indian banks use 9–18). */
export const bankAccountNumberPattern = '^[0-9]{9,18}$';
/** A UPI id, `name@handle`: 2–256 of letters, digits, dot, hyphen and underscore, then the handle's letters. */
export const upiIdPattern = '^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$';

/**
 * A payout destination as texts and the audit trail show it: a bank account by its last four
 * digits, a UPI id with all but its first two letters hidden ("pr•••@okaxis").
 */
export function maskedPayoutDestination(account: { kind: PayoutAccountKind; accountLast4: string | null; upiId: string | null }): string {
  if (account.kind === 'bank') return `account ending ${account.accountLast4 ?? '????'}`;
  const [name = '', handle = ''] = (account.upiId ?? '').split('@');
  return `${name.slice(0, 2)}•••@${handle}`;
}
