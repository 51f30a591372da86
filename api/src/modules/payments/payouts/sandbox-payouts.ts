import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { PayoutProviderAdapter, TransferState } from './payout-provider';

/**
 * The offline payout sandbox, deterministic so tests and demos can steer it:
 *
 * - Verification fails for a UPI id whose name is `invalid` (`invalid@…`) and for a bank
 *   account number starting `0000`; every other account is verified, and the name at the bank
 *   is `options.nameAtBank` when given, else the holder's name (UPI: the teacher's name, or
 *   `SOMEONE ELSE ENTIRELY` for a UPI id named `othername`) in capitals.
 * - A transfer is recorded locally (`payout_sandbox_transfers`, one per idempotency key), is
 *   `processing` for `settleMs`, then `paid`; to a UPI id named `payoutfail` (`payoutfail@…`)
 *   or a bank account number starting `1111` it ends `failed` instead.
 */
export const sandboxPayoutRules = {
  verificationFailsUpiName: 'invalid',
  verificationFailsAccountPrefix: '0000',
  payoutFailsUpiName: 'payoutfail',
  payoutFailsAccountPrefix: '1111',
  otherNameUpiName: 'othername',
} as const;

const FAILING_ACCOUNT = 'fa_sbx_fail_';

function digest(value: string): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 14);
}

export function createSandboxPayouts(db: Kysely<Database>, options: { now: () => Date; settleMs: number; nameAtBank?: string }): PayoutProviderAdapter {
  async function stateOf(id: string): Promise<TransferState> {
    const transfer = await db.selectFrom('payout_sandbox_transfers').selectAll().where('id', '=', id).executeTakeFirst();
    if (!transfer) return { providerPayoutId: id, status: 'failed', reason: 'The sandbox has no such transfer.' };
    if (options.now().getTime() - new Date(transfer.created_at).getTime() < options.settleMs) {
      return { providerPayoutId: id, status: 'processing', reason: null };
    }
    return transfer.fund_account_id.startsWith(FAILING_ACCOUNT)
      ? { providerPayoutId: id, status: 'failed', reason: 'The bank did not accept the transfer (sandbox test account).' }
      : { providerPayoutId: id, status: 'paid', reason: null };
  }

  return {
    name: 'sandbox',
    async verifyAccount({ teacherName, account }) {
      if (account.kind === 'upi') {
        const name = account.upiId.split('@')[0]?.toLowerCase();
        if (name === sandboxPayoutRules.verificationFailsUpiName) {
          return {
            verification: 'failed',
            providerAccountId: null,
            nameAtBank: null,
            reason: `No UPI app knows ${account.upiId}. Check the UPI id and save it again.`,
          };
        }
        const prefix = name === sandboxPayoutRules.payoutFailsUpiName ? FAILING_ACCOUNT : 'fa_sbx_';
        return {
          verification: 'verified',
          providerAccountId: `${prefix}${digest(`upi|${account.upiId.toLowerCase()}`)}`,
          nameAtBank: (options.nameAtBank ?? (name === sandboxPayoutRules.otherNameUpiName ? 'Someone Else Entirely' : teacherName)).toUpperCase(),
          reason: null,
        };
      }
      if (account.accountNumber.startsWith(sandboxPayoutRules.verificationFailsAccountPrefix)) {
        return {
          verification: 'failed',
          providerAccountId: null,
          nameAtBank: null,
          reason: `The bank says account ····${account.accountNumber.slice(-4)} at ${account.ifsc} does not exist. Check the number and IFSC.`,
        };
      }
      const prefix = account.accountNumber.startsWith(sandboxPayoutRules.payoutFailsAccountPrefix) ? FAILING_ACCOUNT : 'fa_sbx_';
      return {
        verification: 'verified',
        providerAccountId: `${prefix}${digest(`bank|${account.ifsc}|${account.accountNumber}`)}`,
        nameAtBank: (options.nameAtBank ?? account.holderName.trim()).toUpperCase(),
        reason: null,
      };
    },
    async sendPayout({ idempotencyKey, providerAccountId, amountPaise }) {
      const id = `pout_sbx_${digest(idempotencyKey)}`;
      await db
        .insertInto('payout_sandbox_transfers')
        .values({ id, idempotency_key: idempotencyKey, fund_account_id: providerAccountId, amount_paise: amountPaise, created_at: options.now() })
        .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
        .execute();
      return stateOf(id);
    },
    transferState: stateOf,
  };
}
