import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { createPayoutAccountReviewRepository } from './payout-account-review.repository';
import { createPayoutAccountsRepository } from './payout-accounts.repository';
import { createPayoutAuditRepository } from './payout-audit.repository';
import { createPayoutClaimsRepository } from './payout-claims.repository';
import { createPayoutRecordsRepository } from './payout-records.repository';

/** Every payouts query bound to the database: the accounts, the claims on balances, the payouts recorded, reviews and the audit trail. */
export function createPayoutsRepository(db: Kysely<Database>) {
  return {
    ...createPayoutAccountsRepository(db),
    ...createPayoutClaimsRepository(db),
    ...createPayoutRecordsRepository(db),
    ...createPayoutAccountReviewRepository(db),
    ...createPayoutAuditRepository(db),
  };
}

export type PayoutsRepository = ReturnType<typeof createPayoutsRepository>;
