import { istDateKey } from '@kalike/shared/format/dates';
import type { BalanceRules } from './payout-claims.repository';
import { latestPayoutSlot, payoutIdempotencyKey, type PayoutSchedule } from './payout-figures';
import type { PayoutTransfers } from './payout-transfers.service';
import type { PayoutsRepository } from './payouts.repository';

export interface PayoutScheduleDeps {
  repository: Pick<PayoutsRepository, 'teachersWithVerifiedAccounts' | 'claim'>;
  transfers: Pick<PayoutTransfers, 'send'>;
  now: () => Date;
  rules: BalanceRules;
  schedule: PayoutSchedule;
  minimumPaise: number;
}

/** The weekly payout to every teacher, run by the background work. */
export function createPayoutSchedule({ repository, transfers, now, rules, schedule, minimumPaise }: PayoutScheduleDeps) {
  /** The slot the schedule last ran for in this process; the database's keys make any rerun harmless. */
  let lastSlotRun: number | null = null;

  return {
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
          minimumPaise,
        });
        if (claimed.outcome === 'created') {
          created += 1;
          await transfers.send(claimed.payout);
        }
      }
      lastSlotRun = slot.getTime();
      return created;
    },
  };
}
