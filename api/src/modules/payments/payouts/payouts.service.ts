import type { Payout, PayoutAccount, PayoutAccountBody, PayoutsOverview } from '@kalike/shared/contracts/payouts';
import { istDateKey } from '@kalike/shared/format/dates';
import { formatPaise } from '@kalike/shared/format/money';
import type { FastifyBaseLogger } from 'fastify';
import type { PayoutsConfig } from '../../../config';
import { teachersOnly, type AuthUser } from '../../../plugins/auth';
import { DomainError } from '../../../shared/domain-error';
import { latestPayoutSlot, nextPayoutSlot, payoutIdempotencyKey } from './payout-figures';
import type { PayoutProviderAdapter, TransferState } from './payout-provider';
import type { BalanceRules, PayoutAccountRow, PayoutRow, PayoutsRepository } from './payouts.repository';

export const payoutTeachers = teachersOnly('Only teachers are paid out');

export interface PayoutsServiceDeps {
  repository: PayoutsRepository;
  provider: PayoutProviderAdapter;
  now: () => Date;
  feeBasisPoints: number;
  config: PayoutsConfig;
  log?: FastifyBaseLogger;
}

function accountDto(row: PayoutAccountRow): PayoutAccount {
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

function payoutDto(row: PayoutRow): Payout {
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

export function createPayoutsService({ repository, provider, now, feeBasisPoints, config, log }: PayoutsServiceDeps) {
  const rules: BalanceRules = { feeBasisPoints, holdDays: config.holdDays };
  const schedule = { weekday: config.weekday, timeIst: config.timeIst };
  /** The slot the schedule last ran for in this process; the database's keys make any rerun harmless. */
  let lastSlotRun: number | null = null;

  /** Hands a claimed payout to the provider (again, with the same key, after a lost answer) and records its answer. */
  async function send(payout: PayoutRow): Promise<PayoutRow> {
    let state: TransferState;
    try {
      state = await provider.sendPayout({
        idempotencyKey: payout.idempotency_key,
        providerAccountId: payout.provider_account_id,
        accountKind: payout.account_kind,
        amountPaise: payout.amount_paise,
      });
    } catch (error) {
      // Stays `created`: the next pass sends it again with the same key.
      log?.warn({ err: error, payoutId: payout.id }, 'Payout not accepted yet; it will be sent again');
      return payout;
    }
    return repository.applyTransfer(payout.id, state, now());
  }

  /** Moves in-flight payouts on: unsent ones are sent, accepted ones asked about. */
  async function advance(teacherId?: string): Promise<number> {
    let moved = 0;
    for (const payout of await repository.inFlight(teacherId)) {
      try {
        const after =
          payout.status === 'created' || !payout.provider_payout_id
            ? await send(payout)
            : await repository.applyTransfer(payout.id, await provider.transferState(payout.provider_payout_id), now());
        if (after.status !== payout.status) moved += 1;
      } catch (error) {
        log?.warn({ err: error, payoutId: payout.id }, 'Could not ask about a payout; it will be asked again');
      }
    }
    return moved;
  }

  async function payOutNowState(
    teacherId: string,
    account: PayoutAccountRow | undefined,
    payablePaise: number,
    at: Date,
  ): Promise<PayoutsOverview['payOutNow']> {
    if (!account) return { allowed: false, reason: 'Add a bank account or UPI id first.' };
    if (account.verification !== 'verified') return { allowed: false, reason: 'Your payout account is not verified yet.' };
    if (await repository.payoutByKey(payoutIdempotencyKey(teacherId, 'teacher', istDateKey(at)))) {
      return { allowed: false, reason: 'You asked for a payout today; you can ask again tomorrow.' };
    }
    if (payablePaise < config.minimumPaise) return { allowed: false, reason: `Payouts start at ${formatPaise(config.minimumPaise)}.` };
    return { allowed: true, reason: null };
  }

  return {
    async account(user: AuthUser): Promise<PayoutAccount | null> {
      const row = await repository.accountOf(payoutTeachers.idOf(user));
      return row ? accountDto(row) : null;
    },

    /**
     * Checks the account with the provider first and stores only the result (the last four
     * digits of a bank account, never the number): a changed account is verified again, and
     * while the provider cannot be reached the old account stays as it was.
     */
    async saveAccount(user: AuthUser, body: PayoutAccountBody): Promise<PayoutAccount> {
      const teacherId = payoutTeachers.idOf(user);
      const account: PayoutAccountBody =
        body.kind === 'upi' ? { kind: 'upi', upiId: body.upiId.trim().toLowerCase() } : { ...body, holderName: body.holderName.trim().replace(/\s+/g, ' ') };
      const check = await provider.verifyAccount({ teacherId, teacherName: await repository.teacherName(teacherId), account });
      const saved = await repository.saveAccount(
        teacherId,
        account.kind === 'upi'
          ? { kind: 'upi', holderName: null, accountLast4: null, ifsc: null, upiId: account.upiId }
          : { kind: 'bank', holderName: account.holderName, accountLast4: account.accountNumber.slice(-4), ifsc: account.ifsc, upiId: null },
        check,
        provider.name,
        now(),
      );
      return accountDto(saved);
    },

    async overview(user: AuthUser): Promise<PayoutsOverview> {
      const teacherId = payoutTeachers.idOf(user);
      // Reading the page moves the teacher's own in-flight payouts on, so a status never waits for the next tick.
      await advance(teacherId);
      const at = now();
      const [account, balance, payouts] = await Promise.all([
        repository.accountOf(teacherId),
        repository.balanceOf(teacherId, at, rules),
        repository.payoutsOf(teacherId),
      ]);
      return {
        account: account ? accountDto(account) : null,
        payablePaise: balance.payablePaise,
        heldPaise: Math.min(balance.heldPaise, Math.max(0, balance.balancePaise)),
        minimumPaise: config.minimumPaise,
        holdDays: config.holdDays,
        earnedPaise: Math.max(0, balance.earnedPaise),
        paidOutPaise: balance.paidOutPaise,
        nextPayoutAt: nextPayoutSlot(at, schedule).toISOString(),
        payOutNow: await payOutNowState(teacherId, account, balance.payablePaise, at),
        payouts: payouts.map(payoutDto),
      };
    },

    /**
     * "Pay out now": the payable balance, at most once a day (one key per teacher and IST day).
     * Asking again the same day answers the same payout.
     */
    async payOutNow(user: AuthUser): Promise<{ created: boolean; payout: Payout }> {
      const teacherId = payoutTeachers.idOf(user);
      const at = now();
      const claimed = await repository.claim({
        teacherId,
        idempotencyKey: payoutIdempotencyKey(teacherId, 'teacher', istDateKey(at)),
        trigger: 'teacher',
        now: at,
        rules,
        minimumPaise: config.minimumPaise,
      });
      if (claimed.outcome === 'no_account')
        throw new DomainError('PAYOUT_ACCOUNT_NOT_VERIFIED', 'Add a bank account or UPI id and wait for it to be verified before asking for a payout.', 409);
      if (claimed.outcome === 'below_minimum') {
        throw new DomainError(
          'PAYOUT_BELOW_MINIMUM',
          `${formatPaise(claimed.payablePaise)} is payable now; payouts start at ${formatPaise(config.minimumPaise)}.`,
          409,
        );
      }
      if (claimed.outcome === 'exists') return { created: false, payout: payoutDto(claimed.payout) };
      return { created: true, payout: payoutDto(await send(claimed.payout)) };
    },

    /**
     * The weekly payout, once per slot (`PAYOUT_WEEKDAY` at `PAYOUT_TIME_IST`): every teacher
     * with a verified account and at least the minimum payable is claimed under the slot's key,
     * then sent. A rerun, a restart or a second instance finds the keys taken.
     */
    async runSchedule(): Promise<number> {
      const slot = latestPayoutSlot(now(), schedule);
      if (lastSlotRun === slot.getTime()) return 0;
      const period = istDateKey(slot);
      let created = 0;
      for (const teacherId of await repository.teachersWithVerifiedAccounts()) {
        const claimed = await repository.claim({
          teacherId,
          idempotencyKey: payoutIdempotencyKey(teacherId, 'schedule', period),
          trigger: 'schedule',
          now: now(),
          rules,
          minimumPaise: config.minimumPaise,
        });
        if (claimed.outcome === 'created') {
          created += 1;
          await send(claimed.payout);
        }
      }
      lastSlotRun = slot.getTime();
      return created;
    },

    advance,

    /** A provider's word about a payout (RazorpayX's webhook). Unknown payouts are ignored. */
    async providerUpdate(state: TransferState): Promise<boolean> {
      const payout = await repository.payoutByProviderId(state.providerPayoutId);
      if (!payout) return false;
      await repository.applyTransfer(payout.id, state, now());
      return true;
    },

    settleAccountCheck: (providerAccountId: string, check: Parameters<PayoutsRepository['settleAccountCheck']>[1]) =>
      repository.settleAccountCheck(providerAccountId, check, now()),
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;
