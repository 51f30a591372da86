import { sql, type Kysely } from 'kysely';
import type { PayoutTrigger } from '@kalike/shared/domain/payout-lifecycle';
import type { Database } from '../../../db/schema';
import { createEarningsRepository } from '../earnings/earnings.repository';
import { accountLabelOf, maskedDestinationOf, type PayoutAccountRow } from './payout-accounts.repository';
import { recordPayoutAudit } from './payout-audit.repository';
import { payoutBalance, type PayoutBalance } from './payout-figures';
import type { PayoutRow } from './payout-records.repository';

/** From the first paisa ever booked: balances are sums over the whole ledger. */
const BEGINNING = new Date('2000-01-01T00:00:00Z');

export interface BalanceRules {
  feeBasisPoints: number;
  holdDays: number;
}

export type ClaimResult =
  | { outcome: 'created'; payout: PayoutRow }
  | { outcome: 'exists'; payout: PayoutRow }
  | { outcome: 'no_account' }
  /** Payable, but the account is cooling off after a change, or awaiting review after a name mismatch. */
  | { outcome: 'held'; account: PayoutAccountRow; payablePaise: number }
  | { outcome: 'below_minimum'; payablePaise: number };

/** Whether payouts to the account still wait out the cooling-off after it was added or changed. */
export function isCoolingOff(account: Pick<PayoutAccountRow, 'held_until'>, now: Date): boolean {
  return account.held_until !== null && new Date(account.held_until).getTime() > now.getTime();
}

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

/** The teacher's payable balance, and claiming it as one payout booked off the teacher's ledger. */
export function createPayoutClaimsRepository(db: Kysely<Database>) {
  return {
    balanceOf: (teacherId: string, now: Date, rules: BalanceRules) => balanceOf(db, teacherId, now, rules),

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
        const reviewing = account?.verification === 'review';
        if (!account || (account.verification !== 'verified' && !reviewing) || !account.provider_account_id) return { outcome: 'no_account' };
        const { payablePaise } = await balanceOf(trx, input.teacherId, input.now, input.rules);
        if (payablePaise < input.minimumPaise) return { outcome: 'below_minimum', payablePaise };
        if (reviewing || isCoolingOff(account, input.now)) {
          await recordPayoutAudit(trx, {
            teacherId: input.teacherId,
            event: 'payout_held',
            actor: input.trigger === 'teacher' ? 'teacher' : 'system',
            destination: maskedDestinationOf(account),
            amountPaise: payablePaise,
            detail: reviewing
              ? 'The account awaits review: the name at the bank is not the teacher’s.'
              : `Cooling-off until ${new Date(account.held_until ?? input.now).toISOString()}`,
            at: input.now,
          });
          return { outcome: 'held', account, payablePaise };
        }
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
        await recordPayoutAudit(trx, {
          teacherId: input.teacherId,
          event: 'payout_created',
          actor: input.trigger === 'teacher' ? 'teacher' : 'system',
          destination: maskedDestinationOf(account),
          payoutId: payout.id,
          amountPaise: payablePaise,
          at: input.now,
        });
        return { outcome: 'created', payout };
      });
    },
  };
}

export type PayoutClaimsRepository = ReturnType<typeof createPayoutClaimsRepository>;
