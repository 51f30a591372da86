import type { PayoutAccountBody } from '@kalike/shared/contracts/payouts';
import { bankAccountNumberPattern, ifscPattern, upiIdPattern, type PayoutAccountKind } from '@kalike/shared/domain/payout-lifecycle';

export interface PayoutAccountDraft {
  kind: PayoutAccountKind;
  holderName: string;
  accountNumber: string;
  ifsc: string;
  upiId: string;
}

export const emptyPayoutAccountDraft: PayoutAccountDraft = { kind: 'upi', holderName: '', accountNumber: '', ifsc: '', upiId: '' };

export type PayoutAccountCheck = { ok: true; body: PayoutAccountBody } | { ok: false; field: keyof PayoutAccountDraft; message: string };

/**
 * The draft as the API will read it, checked with the API's own patterns so the teacher hears
 * about a typo before anything is sent: spaces in an account number are dropped, an IFSC is
 * read in capitals.
 */
export function checkPayoutAccountDraft(draft: PayoutAccountDraft): PayoutAccountCheck {
  if (draft.kind === 'upi') {
    const upiId = draft.upiId.trim();
    if (!new RegExp(upiIdPattern).test(upiId)) return { ok: false, field: 'upiId', message: 'Enter your UPI id as name@bank, for example priya@okaxis.' };
    return { ok: true, body: { kind: 'upi', upiId } };
  }
  const holderName = draft.holderName.trim();
  const accountNumber = draft.accountNumber.replace(/[\s-]/g, '');
  const ifsc = draft.ifsc.trim().toUpperCase();
  if (holderName.length < 2) return { ok: false, field: 'holderName', message: "Enter the account holder's name as the bank has it." };
  if (!new RegExp(bankAccountNumberPattern).test(accountNumber)) return { ok: false, field: 'accountNumber', message: 'An account number is 9 to 18 digits.' };
  if (!new RegExp(ifscPattern).test(ifsc)) {
    return { ok: false, field: 'ifsc', message: 'An IFSC is 11 characters: four letters, a zero, then six letters or digits (for example HDFC0001234).' };
  }
  return { ok: true, body: { kind: 'bank', holderName, accountNumber, ifsc } };
}
