import type { FastifyBaseLogger } from 'fastify';
import type { PayoutsConfig } from '../../../config';
import type { ActionCodes } from '../../auth/action-codes.port';
import { createAdminPayoutAccounts } from './admin-payout-accounts';
import { createPayoutAccountService } from './payout-account.service';
import type { BalanceRules } from './payout-claims.repository';
import type { PayoutSchedule } from './payout-figures';
import type { PayoutProviderAdapter } from './payout-provider';
import { createPayoutSchedule } from './payout-schedule.service';
import { createPayoutTransfers } from './payout-transfers.service';
import type { PayoutsRepository } from './payouts.repository';
import { createTeacherPayoutsService } from './teacher-payouts.service';

export interface PayoutsServiceDeps {
  repository: PayoutsRepository;
  provider: PayoutProviderAdapter;
  actionCodes: ActionCodes;
  now: () => Date;
  feeBasisPoints: number;
  config: PayoutsConfig;
  log?: FastifyBaseLogger;
}

/**
 * Payouts to teachers, composed of its use cases: the teacher's account, the teacher's page and
 * "Pay out now", the weekly schedule, and in-flight payouts moved on (for the background work
 * and the provider's webhook).
 */
export function createPayoutsService({ repository, provider, actionCodes, now, feeBasisPoints, config, log }: PayoutsServiceDeps) {
  const rules: BalanceRules = { feeBasisPoints, holdDays: config.holdDays };
  const schedule: PayoutSchedule = { weekday: config.weekday, timeIst: config.timeIst };
  const transfers = createPayoutTransfers({ repository, provider, now, log });
  return {
    ...createPayoutAccountService({ repository, provider, actionCodes, now }),
    ...createTeacherPayoutsService({ repository, transfers, now, rules, schedule, config }),
    ...createPayoutSchedule({ repository, transfers, now, rules, schedule, minimumPaise: config.minimumPaise }),
    admin: createAdminPayoutAccounts({ repository, now }),
    advance: transfers.advance,
    providerUpdate: transfers.providerUpdate,
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;
