import type { PayoutAccountBody } from '@kalike/shared/contracts/payouts';
import type { PayoutAccountKind } from '@kalike/shared/domain/payout-lifecycle';
import type { PayoutProvider } from '../../../db/schema';

/** What the provider said about an account: checked (with the name it holds) or not, and why. */
export interface AccountCheck {
  verification: 'pending' | 'verified' | 'failed';
  /** The provider's fund account, which payouts are sent to. */
  providerAccountId: string | null;
  nameAtBank: string | null;
  reason: string | null;
}

/** Where a transfer stands at the provider. */
export interface TransferState {
  providerPayoutId: string;
  status: 'processing' | 'paid' | 'failed';
  reason: string | null;
}

export interface SendPayout {
  /** Ours, one per teacher and period; the provider pays once per key however often it is sent. */
  idempotencyKey: string;
  providerAccountId: string;
  accountKind: PayoutAccountKind;
  amountPaise: number;
}

/**
 * What payouts need from a provider: check an account and send money to it. The offline
 * sandbox and RazorpayX both implement it; the service never knows which one it talks to.
 * Calls are made outside any database transaction.
 */
export interface PayoutProviderAdapter {
  readonly name: PayoutProvider;
  /** Checks the account the teacher entered; the whole account number goes no further than this call. */
  verifyAccount(input: { teacherId: string; teacherName: string; account: PayoutAccountBody }): Promise<AccountCheck>;
  /** Sends a transfer; the same key answers the same transfer. Throws DomainError PAYOUT_PROVIDER_UNAVAILABLE. */
  sendPayout(input: SendPayout): Promise<TransferState>;
  /** Asks where a transfer stands (webhooks also say, for providers that send them). */
  transferState(providerPayoutId: string): Promise<TransferState>;
}
