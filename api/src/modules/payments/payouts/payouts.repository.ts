import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { createPayoutAccountsRepository } from './payout-accounts.repository';
import { createPayoutClaimsRepository } from './payout-claims.repository';
import { createPayoutRecordsRepository } from './payout-records.repository';

/** Every payouts query bound to the database: the accounts, the claims on balances, and the payouts recorded. */
export function createPayoutsRepository(db: Kysely<Database>) {
  return {
    ...createPayoutAccountsRepository(db),
    ...createPayoutClaimsRepository(db),
    ...createPayoutRecordsRepository(db),
  };
}

export type PayoutsRepository = ReturnType<typeof createPayoutsRepository>;
