import { sql, type Kysely, type Selectable } from 'kysely';
import { canMovePayout, type PayoutMove, type PayoutTrigger } from '@kalike/shared/domain/payout-lifecycle';
import type { Database, PayoutAccountsTable, PayoutProvider, PayoutsTable } from '../../../db/schema';
import { createEarningsRepository } from '../earnings/earnings.repository';
import { payoutBalance, type PayoutBalance } from './payout-figures';
import type { AccountCheck, TransferState } from './payout-provider';

export type PayoutAccountRow = Selectable<PayoutAccountsTable>;
export type PayoutRow = Selectable<PayoutsTable>;

/** From the first paisa ever booked: balances are sums over the whole ledger. */
const BEGINNING = new Date('2000-01-01T00:00:00Z');

export interface BalanceRules {
  feeBasisPoints: number;
  holdDays: number;
}

export interface SavedAccount {
  kind: 'bank' | 'upi';
  holderName: string | null;
  accountLast4: string | null;
  ifsc: string | null;
  upiId: string | null;
}

export type ClaimResult =
  | { outcome: 'created'; payout: PayoutRow }
  | { outcome: 'exists'; payout: PayoutRow }
  | { outcome: 'no_account' }
  | { outcome: 'below_minimum'; payablePaise: number };

export function accountLabelOf(account: Pick<PayoutAccountRow, 'kind' | 'upi_id' | 'account_last4'>): string {
  return account.kind === 'upi' ? `UPI ${account.upi_id ?? ''}` : `Bank account ····${account.account_last4 ?? ''}`;
}

export function createPayoutsRepository(db: Kysely<Database>) {
  /** The teacher's balance read inside `executor`: earnings from the ledger, less refunds and payouts. */
  async function balanceOf(executor: Kysely<Database>, teacherId: string, now: Date, rules: BalanceRules): Promise<PayoutBalance> {
    const earnings = createEarningsRepository(executor);
    const end = new Date(now.getTime() + 1);
    const [payments, refunds, entries] = await Promise.all([
      earnings.paymentsOfTeacher(teacherId, BEGINNING, end),
      earnings.refundsOfTeacher(teacherId, BEGINNING, end),
      executor.selectFrom('payout_ledger_entries').select('amount_paise').where('teacher_id', '=', teacherId).execute(),
    ]);
    return payoutBalance({
      payments,
      refunds,
      payoutEntriesPaise: entries.map((entry) => entry.amount_paise),
      holdUntil: new Date(now.getTime() - rules.holdDays * 86_400_000),
      feeBasisPoints: rules.feeBasisPoints,
    });
  }

  return {
    balanceOf: (teacherId: string, now: Date, rules: BalanceRules) => balanceOf(db, teacherId, now, rules),

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
        verification: check.verification,
        failure_reason: check.verification === 'failed' ? (check.reason ?? 'The account could not be verified.') : null,
        name_at_bank: check.nameAtBank,
        provider,
        provider_account_id: check.providerAccountId,
        updated_at: at,
        verified_at: check.verification === 'verified' ? at : null,
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
        .set({
          verification: check.verification,
          failure_reason: check.verification === 'failed' ? (check.reason ?? 'The account could not be verified.') : null,
          name_at_bank: check.nameAtBank,
          verified_at: check.verification === 'verified' ? at : null,
        })
        .where('provider_account_id', '=', providerAccountId)
        .where('verification', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    payoutsOf(teacherId: string, limit = 50): Promise<PayoutRow[]> {
      return db.selectFrom('payouts').selectAll().where('teacher_id', '=', teacherId).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
    },

    payoutByKey(idempotencyKey: string): Promise<PayoutRow | undefined> {
      return db.selectFrom('payouts').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
    },

    /** Payouts the provider has not finished: to send (again) or to ask about. */
    inFlight(teacherId?: string): Promise<PayoutRow[]> {
      let query = db.selectFrom('payouts').selectAll().where('status', 'in', ['created', 'processing']);
      if (teacherId) query = query.where('teacher_id', '=', teacherId);
      return query.orderBy('created_at').limit(200).execute();
    },

    async teachersWithVerifiedAccounts(): Promise<string[]> {
      const rows = await db.selectFrom('payout_accounts').select('teacher_id').where('verification', '=', 'verified').orderBy('teacher_id').execute();
      return rows.map((row) => row.teacher_id);
    },

    /**
     * Claims the teacher's payable balance as one payout under `idempotencyKey`. Under a
     * per-teacher lock, in one transaction: an existing key answers its payout; otherwise the
     * balance is computed, the payout recorded as `created` and its amount booked off the
     * teacher's ledger. Two ticks or two taps at once therefore make one payout, and a payout
     * claimed for one period is never claimed again by the next.
     */
    claim(input: {
      teacherId: string;
      idempotencyKey: string;
      trigger: PayoutTrigger;
      now: Date;
      rules: BalanceRules;
      minimumPaise: number;
    }): Promise<ClaimResult> {
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${`payouts:teacher:${input.teacherId}`}))`.execute(trx);
        const existing = await trx.selectFrom('payouts').selectAll().where('idempotency_key', '=', input.idempotencyKey).executeTakeFirst();
        if (existing) return { outcome: 'exists', payout: existing };
        const account = await trx.selectFrom('payout_accounts').selectAll().where('teacher_id', '=', input.teacherId).executeTakeFirst();
        if (!account || account.verification !== 'verified' || !account.provider_account_id) return { outcome: 'no_account' };
        const { payablePaise } = await balanceOf(trx, input.teacherId, input.now, input.rules);
        if (payablePaise < input.minimumPaise) return { outcome: 'below_minimum', payablePaise };
        const payout = await trx
          .insertInto('payouts')
          .values({
            teacher_id: input.teacherId,
            idempotency_key: input.idempotencyKey,
            trigger: input.trigger,
            amount_paise: payablePaise,
            status: 'created',
            provider: account.provider,
            provider_account_id: account.provider_account_id,
            account_kind: account.kind,
            account_label: accountLabelOf(account),
            created_at: input.now,
            updated_at: input.now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('payout_ledger_entries')
          .values({ teacher_id: input.teacherId, payout_id: payout.id, kind: 'payout', amount_paise: -payablePaise, created_at: input.now })
          .execute();
        return { outcome: 'created', payout };
      });
    },

    /**
     * Records what the provider said about a payout, if the lifecycle allows the move: a failure
     * books the amount back onto the teacher's ledger in the same transaction. A repeat (a
     * webhook after the poll, or the other way round) changes nothing.
     */
    applyTransfer(payoutId: string, state: TransferState, at: Date): Promise<PayoutRow> {
      return db.transaction().execute(async (trx) => {
        const payout = await trx.selectFrom('payouts').selectAll().where('id', '=', payoutId).forUpdate().executeTakeFirstOrThrow();
        const move: PayoutMove = state.status === 'processing' ? 'send' : state.status === 'paid' ? 'pay' : 'fail';
        const providerPayoutId = payout.provider_payout_id ?? state.providerPayoutId;
        if (!canMovePayout(move, payout.status)) {
          if (payout.provider_payout_id === null) {
            return trx.updateTable('payouts').set({ provider_payout_id: providerPayoutId }).where('id', '=', payoutId).returningAll().executeTakeFirstOrThrow();
          }
          return payout;
        }
        const updated = await trx
          .updateTable('payouts')
          .set({
            status: state.status,
            provider_payout_id: providerPayoutId,
            failure_reason: state.status === 'failed' ? (state.reason ?? 'The payout failed.') : null,
            paid_at: state.status === 'paid' ? at : null,
            updated_at: at,
          })
          .where('id', '=', payoutId)
          .returningAll()
          .executeTakeFirstOrThrow();
        if (state.status === 'failed') {
          await trx
            .insertInto('payout_ledger_entries')
            .values({ teacher_id: payout.teacher_id, payout_id: payout.id, kind: 'payout_reversal', amount_paise: payout.amount_paise, created_at: at })
            .onConflict((conflict) => conflict.columns(['payout_id', 'kind']).doNothing())
            .execute();
        }
        return updated;
      });
    },

    payoutByProviderId(providerPayoutId: string): Promise<PayoutRow | undefined> {
      return db.selectFrom('payouts').selectAll().where('provider_payout_id', '=', providerPayoutId).executeTakeFirst();
    },
  };
}

export type PayoutsRepository = ReturnType<typeof createPayoutsRepository>;
