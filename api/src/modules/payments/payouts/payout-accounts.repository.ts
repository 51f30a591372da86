import type { Kysely, Selectable } from 'kysely';
import { maskedPayoutDestination, payoutAccountCoolingOffHours } from '@kalike/shared/domain/payout-lifecycle';
import type { Database, PayoutAccountsTable, PayoutProvider } from '../../../db/schema';
import { notificationsOf } from '../../notifications/notifications.port';
import { recordPayoutAudit, type PayoutAuditEntry } from './payout-audit.repository';
import type { AccountCheck } from './payout-provider';

export type PayoutAccountRow = Selectable<PayoutAccountsTable>;

export interface SavedAccount {
  kind: 'bank' | 'upi';
  holderName: string | null;
  accountLast4: string | null;
  ifsc: string | null;
  upiId: string | null;
}

/** A provider's check, judged against the teacher's name: a verified account held under another name waits for review. */
export type JudgedCheck = Omit<AccountCheck, 'verification'> & { verification: AccountCheck['verification'] | 'review' };

export function accountLabelOf(account: Pick<PayoutAccountRow, 'kind' | 'upi_id' | 'account_last4'>): string {
  return account.kind === 'upi' ? `UPI ${account.upi_id ?? ''}` : `Bank account ····${account.account_last4 ?? ''}`;
}

export function maskedDestinationOf(account: Pick<PayoutAccountRow, 'kind' | 'upi_id' | 'account_last4'>): string {
  return maskedPayoutDestination({ kind: account.kind, accountLast4: account.account_last4, upiId: account.upi_id });
}

const COOLING_OFF_MS = payoutAccountCoolingOffHours * 3_600_000;

/** What a provider's check of an account sets on its row, whether it answered at once or later. */
function checkColumns(check: JudgedCheck, at: Date) {
  return {
    verification: check.verification,
    failure_reason: check.verification === 'failed' ? (check.reason ?? 'The account could not be verified.') : null,
    name_at_bank: check.nameAtBank,
    verified_at: check.verification === 'verified' ? at : null,
  };
}

const auditOfCheck = {
  verified: 'account_verified',
  review: 'account_held_for_review',
  failed: 'account_failed',
} as const;

/** The teacher's user, who hears about their payout account. */
async function teacherUserId(executor: Kysely<Database>, teacherId: string): Promise<string | undefined> {
  const row = await executor.selectFrom('users').select('id').where('teacher_id', '=', teacherId).executeTakeFirst();
  return row?.id;
}

export interface SaveAccountInput {
  teacherId: string;
  account: SavedAccount;
  check: JudgedCheck;
  provider: PayoutProvider;
  at: Date;
  actorUserId: string;
  /** Uses up the code that confirmed the change, with it. */
  confirm: (trx: Kysely<Database>) => Promise<void>;
}

/** The body of `saveAccount`, inside its transaction. */
async function replaceAccount(
  trx: Kysely<Database>,
  { teacherId, account, check, provider, at, actorUserId, confirm }: SaveAccountInput,
): Promise<PayoutAccountRow> {
  await confirm(trx);
  const previous = await trx.selectFrom('payout_accounts').select('teacher_id').where('teacher_id', '=', teacherId).forUpdate().executeTakeFirst();
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
    changed_at: at,
    held_until: new Date(at.getTime() + COOLING_OFF_MS),
    reviewed_by: null,
    reviewed_at: null,
    review_reason: null,
  };
  const saved = await trx
    .insertInto('payout_accounts')
    .values({ teacher_id: teacherId, ...values })
    .onConflict((conflict) => conflict.column('teacher_id').doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
  const destination = maskedDestinationOf(saved);
  await recordPayoutAudit(trx, { teacherId, event: previous ? 'account_changed' : 'account_added', actor: 'teacher', actorUserId, destination, at });
  if (check.verification !== 'pending') {
    await recordPayoutAudit(trx, {
      teacherId,
      event: auditOfCheck[check.verification],
      actor: 'provider',
      destination,
      detail: check.verification === 'review' ? `Name at the bank: ${check.nameAtBank ?? '(none given)'}` : saved.failure_reason,
      at,
    });
  }
  const userId = await teacherUserId(trx, teacherId);
  if (userId) {
    await notificationsOf(trx).notify({
      kind: 'teach.payout_account_changed',
      userId,
      params: { destination, changedAt: at.toISOString() },
      eventKey: `teach.payout_account_changed:${teacherId}:${at.toISOString()}`,
      at,
    });
  }
  return saved;
}

/**
 * The teachers' payout accounts (`payout_accounts`): read, replaced after a check (with the
 * cooling-off, the audit trail and the teacher's security notice in the same transaction),
 * settled by a later answer, and reviewed by an admin after a name mismatch.
 */
export function createPayoutAccountsRepository(db: Kysely<Database>) {
  return {
    recordAudit: (entry: PayoutAuditEntry) => recordPayoutAudit(db, entry),

    accountOf(teacherId: string): Promise<PayoutAccountRow | undefined> {
      return db.selectFrom('payout_accounts').selectAll().where('teacher_id', '=', teacherId).executeTakeFirst();
    },

    async teacherName(teacherId: string): Promise<string> {
      const row = await db.selectFrom('teachers').select('name').where('id', '=', teacherId).executeTakeFirstOrThrow();
      return row.name;
    },

    /** The account a provider's fund account belongs to, with its teacher's name (for a check answered later). */
    accountByProviderId(providerAccountId: string) {
      return db
        .selectFrom('payout_accounts as a')
        .innerJoin('teachers as t', 't.id', 'a.teacher_id')
        .selectAll('a')
        .select('t.name as teacher_name')
        .where('a.provider_account_id', '=', providerAccountId)
        .executeTakeFirst();
    },

    /**
     * Replaces the teacher's account with the one just checked, in one transaction: payouts to
     * it are held for the cooling-off from now, the change and the check's outcome go on the
     * audit trail, and the teacher is told (a security notice, by SMS whatever the hour).
     */
    saveAccount: (input: SaveAccountInput) => db.transaction().execute((trx) => replaceAccount(trx, input)),

    /** A provider's later answer about an account still pending (RazorpayX's validation webhook). */
    settleAccountCheck(providerAccountId: string, check: JudgedCheck, at: Date): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const settled = await trx
          .updateTable('payout_accounts')
          .set(checkColumns(check, at))
          .where('provider_account_id', '=', providerAccountId)
          .where('verification', '=', 'pending')
          .returningAll()
          .execute();
        for (const row of settled) {
          if (row.verification === 'pending') continue;
          await recordPayoutAudit(trx, {
            teacherId: row.teacher_id,
            event: auditOfCheck[row.verification],
            actor: 'provider',
            destination: maskedDestinationOf(row),
            detail: row.verification === 'review' ? `Name at the bank: ${row.name_at_bank ?? '(none given)'}` : row.failure_reason,
            at,
          });
        }
        return settled.length;
      });
    },

    /** Verified accounts and those awaiting review: a claim holds what is cooling off or awaiting review, and records it. */
    async teachersWithVerifiedAccounts(): Promise<string[]> {
      const rows = await db
        .selectFrom('payout_accounts')
        .select('teacher_id')
        .where('verification', 'in', ['verified', 'review'])
        .orderBy('teacher_id')
        .execute();
      return rows.map((row) => row.teacher_id);
    },
  };
}

export type PayoutAccountsRepository = ReturnType<typeof createPayoutAccountsRepository>;
