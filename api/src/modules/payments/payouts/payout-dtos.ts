import type { AdminPayoutReview, Payout, PayoutAccount, PayoutAuditEntry } from '@kalike/shared/contracts/payouts';
import type { ReviewedAccountRow } from './payout-account-review.repository';
import { maskedDestinationOf, type PayoutAccountRow } from './payout-accounts.repository';
import type { PayoutAuditRow } from './payout-audit.repository';
import type { PayoutRow } from './payout-records.repository';

/** A payout account as the teacher sees it: the last four digits of a bank account, never the number. */
export function accountDto(row: PayoutAccountRow): PayoutAccount {
  return {
    kind: row.kind,
    holderName: row.holder_name,
    accountLast4: row.account_last4,
    ifsc: row.ifsc,
    upiId: row.upi_id,
    verification: row.verification,
    failureReason: row.failure_reason,
    nameAtBank: row.name_at_bank,
    updatedAt: new Date(row.updated_at).toISOString(),
    changedAt: new Date(row.changed_at).toISOString(),
    heldUntil: row.held_until ? new Date(row.held_until).toISOString() : null,
    reviewReason: row.review_reason,
  };
}

/** A payout as the teacher's list shows it. */
export function payoutDto(row: PayoutRow): Payout {
  return {
    id: row.id,
    amountPaise: row.amount_paise,
    status: row.status,
    trigger: row.trigger,
    accountLabel: row.account_label,
    failureReason: row.failure_reason,
    createdAt: new Date(row.created_at).toISOString(),
    paidAt: row.paid_at ? new Date(row.paid_at).toISOString() : null,
  };
}

/** An account awaiting review as the admin reads it: both names, the destination masked. */
export function reviewDto(row: ReviewedAccountRow): AdminPayoutReview {
  return {
    teacherId: row.teacher_id,
    teacherName: row.teacher_name,
    kind: row.kind,
    destination: maskedDestinationOf(row),
    holderName: row.holder_name,
    nameAtBank: row.name_at_bank,
    changedAt: new Date(row.changed_at).toISOString(),
  };
}

export function auditDto(row: PayoutAuditRow): PayoutAuditEntry {
  return {
    id: row.id,
    teacherId: row.teacher_id,
    teacherName: row.teacher_name,
    event: row.event,
    actor: row.actor,
    destination: row.destination,
    payoutId: row.payout_id,
    amountPaise: row.amount_paise,
    detail: row.detail,
    at: new Date(row.created_at).toISOString(),
  };
}
