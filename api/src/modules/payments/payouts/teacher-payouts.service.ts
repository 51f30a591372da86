import type { Payout, PayoutsOverview } from '@kalike/shared/contracts/payouts';
import { istDateKey } from '@kalike/shared/format/dates';
import { formatPaise } from '@kalike/shared/format/money';
import type { PayoutsConfig } from '../../../config';
import type { AuthUser } from '../../../plugins/auth';
import { DomainError } from '../../../shared/domain-error';
import type { PayoutAccountRow } from './payout-accounts.repository';
import type { BalanceRules } from './payout-claims.repository';
import { accountDto, payoutDto } from './payout-dtos';
import { nextPayoutSlot, payoutIdempotencyKey, type PayoutSchedule } from './payout-figures';
import { payoutHoldOf } from './payout-hold';
import { payoutTeachers } from './payout-teachers';
import type { PayoutTransfers } from './payout-transfers.service';
import type { PayoutsRepository } from './payouts.repository';

export interface TeacherPayoutsDeps {
  repository: Pick<PayoutsRepository, 'accountOf' | 'balanceOf' | 'payoutsOf' | 'payoutByKey' | 'claim'>;
  transfers: Pick<PayoutTransfers, 'send' | 'advance'>;
  now: () => Date;
  rules: BalanceRules;
  schedule: PayoutSchedule;
  config: Pick<PayoutsConfig, 'minimumPaise' | 'holdDays'>;
}

/** The teacher's side of payouts: the page with the balance and the payouts so far, and "Pay out now". */
export function createTeacherPayoutsService({ repository, transfers, now, rules, schedule, config }: TeacherPayoutsDeps) {
  async function payOutNowState(
    teacherId: string,
    account: PayoutAccountRow | undefined,
    payablePaise: number,
    at: Date,
  ): Promise<PayoutsOverview['payOutNow']> {
    if (!account) return { allowed: false, reason: 'Add a bank account or UPI id first.' };
    const hold = payoutHoldOf(account, at);
    if (hold) return { allowed: false, reason: hold.reason };
    if (account.verification !== 'verified') return { allowed: false, reason: 'Your payout account is not verified yet.' };
    if (await repository.payoutByKey(payoutIdempotencyKey(teacherId, 'teacher', istDateKey(at)))) {
      return { allowed: false, reason: 'You asked for a payout today; you can ask again tomorrow.' };
    }
    if (payablePaise < config.minimumPaise) return { allowed: false, reason: `Payouts start at ${formatPaise(config.minimumPaise)}.` };
    return { allowed: true, reason: null };
  }

  return {
    async overview(user: AuthUser): Promise<PayoutsOverview> {
      const teacherId = payoutTeachers.idOf(user);
      // Reading the page moves the teacher's own in-flight payouts on, so a status never waits for the next tick.
      await transfers.advance(teacherId);
      const at = now();
      const [account, balance, payouts] = await Promise.all([
        repository.accountOf(teacherId),
        repository.balanceOf(teacherId, at, rules),
        repository.payoutsOf(teacherId),
      ]);
      const hold = payoutHoldOf(account, at);
      return {
        account: account ? accountDto(account) : null,
        hold: hold ? { until: hold.until?.toISOString() ?? null, reason: hold.reason } : null,
        payablePaise: balance.payablePaise,
        heldPaise: Math.min(balance.heldPaise, Math.max(0, balance.balancePaise)),
        minimumPaise: config.minimumPaise,
        holdDays: config.holdDays,
        earnedPaise: Math.max(0, balance.earnedPaise),
        paidOutPaise: balance.paidOutPaise,
        refundedPaise: balance.refundedPaise,
        toRecoverPaise: Math.max(0, -balance.balancePaise),
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
      if (claimed.outcome === 'held') {
        throw new DomainError('PAYOUT_HELD', payoutHoldOf(claimed.account, at)?.reason ?? 'Payouts to your account are held for now.', 409);
      }
      if (claimed.outcome === 'exists') return { created: false, payout: payoutDto(claimed.payout) };
      return { created: true, payout: payoutDto(await transfers.send(claimed.payout)) };
    },
  };
}
