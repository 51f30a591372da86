import type { Kysely, Selectable } from 'kysely';
import type { Database, PayoutAccountsTable, PayoutProvider } from '../../../db/schema';
import type { AccountCheck } from './payout-provider';

export type PayoutAccountRow = Selectable<PayoutAccountsTable>;

export interface SavedAccount {
  kind: 'bank' | 'upi';
  holderName: string | null;
  accountLast4: string | null;
  ifsc: string | null;
  upiId: string | null;
}

export function accountLabelOf(account: Pick<PayoutAccountRow, 'kind' | 'upi_id' | 'account_last4'>): string {
  return account.kind === 'upi' ? `UPI ${account.upi_id ?? ''}` : `Bank account ····${account.account_last4 ?? ''}`;
}

/** What a provider's check of an account sets on its row, whether it answered at once or later. */
function checkColumns(check: AccountCheck, at: Date) {
  return {
    verification: check.verification,
    failure_reason: check.verification === 'failed' ? (check.reason ?? 'The account could not be verified.') : null,
    name_at_bank: check.nameAtBank,
    verified_at: check.verification === 'verified' ? at : null,
  };
}

/** The teachers' payout accounts (`payout_accounts`): read, replaced after a check, settled by a later answer. */
export function createPayoutAccountsRepository(db: Kysely<Database>) {
  return {
    accountOf(teacherId: string): Promise<PayoutAccountRow | undefined> {
      return db.selectFrom('payout_accounts').selectAll().where('teacher_id', '=', teacherId).executeTakeFirst();
    },

    async teacherName(teacherId: string): Promise<string> {
      const row = await db.selectFrom('teachers').select('name').where('id', '=', teacherId).executeTakeFirstOrThrow();
      return row.name;
    },

    /** Replaces the teacher's account with the one just checked. */
    async saveAccount(teacherId: string, account: SavedAccount, check: AccountCheck, provider: PayoutProvider, at: Date): Promise<PayoutAccountRow> {
      const values = {
        kind: account.kind,
        holder_name: account.holderName,
        account_last4: account.accountLast4,
        ifsc: account.ifsc,
        upi_id: account.upiId,
        ...checkColumns(check, at),
        provider,
        provider_account_id: check.providerAccountId,
        updated_at: at,
      };
      return db
        .insertInto('payout_accounts')
        .values({ teacher_id: teacherId, ...values })
        .onConflict((conflict) => conflict.column('teacher_id').doUpdateSet(values))
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** A provider's later answer about an account still pending (RazorpayX's validation webhook). */
    async settleAccountCheck(providerAccountId: string, check: AccountCheck, at: Date): Promise<number> {
      const result = await db
        .updateTable('payout_accounts')
        .set(checkColumns(check, at))
        .where('provider_account_id', '=', providerAccountId)
        .where('verification', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async teachersWithVerifiedAccounts(): Promise<string[]> {
      const rows = await db.selectFrom('payout_accounts').select('teacher_id').where('verification', '=', 'verified').orderBy('teacher_id').execute();
      return rows.map((row) => row.teacher_id);
    },
  };
}

export type PayoutAccountsRepository = ReturnType<typeof createPayoutAccountsRepository>;
