import type { Payout, PayoutAccount } from '@kalike/shared/contracts/payouts';
import type { PayoutAccountRow } from './payout-accounts.repository';
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
