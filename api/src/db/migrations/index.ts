import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import * as m0001 from './0001-extensions';
import * as m0002 from './0002-places-and-catalogue';
import * as m0003 from './0003-classes-and-payments';
import * as m0004 from './0004-auth-and-accounts';
import * as m0005 from './0005-geo-flags-analytics';
import * as m0006 from './0006-marketplace';
import * as m0007 from './0007-listing-earth-point';
import * as m0008 from './0008-enquiries';
import * as m0009 from './0009-payments';
import * as m0010 from './0010-payments-rollout';
import * as m0011 from './0011-sessions';
import * as m0012 from './0012-payments-for-students';
import * as m0013 from './0013-enquiry-per-student';
import * as m0014 from './0014-search-spellings';
import * as m0015 from './0015-demo-phone-range';
import * as m0016 from './0016-batch-seat-holds';
import * as m0017 from './0017-order-creating-state';
import * as m0018 from './0018-review-replies';
import * as m0019 from './0019-listing-review';
import * as m0020 from './0020-listing-authoring';
import * as m0021 from './0021-teacher-profile';
import * as m0022 from './0022-sign-in-roles';
import * as m0023 from './0023-payouts';
import * as m0024 from './0024-marketplace-query-indexes';
import * as m0025 from './0025-shared-instances';
import * as m0026 from './0026-public-page-changes';
import * as m0027 from './0027-order-for-whom';
import * as m0028 from './0028-pack-queue';
import * as m0029 from './0029-register-corrections';
import * as m0031 from './0031-refunds';
import * as m0032 from './0032-admin-money-actions';
import * as m0033 from './0033-notifications';
import * as m0034 from './0034-conversations';
import * as m0035 from './0035-calendar-feeds';
import * as m0036 from './0036-reminder-indexes';
import * as m0037 from './0037-payout-account-safety';
import * as m0040 from './0040-data-rights';
import * as m0041 from './0041-admin-removal-ends-sign-ins';
import * as m0042 from './0042-action-codes';
import * as m0045 from './0045-listing-point-precision';

// Listed statically so migrations bundle and run the same under tsx, jest and any build;
// names sort in apply order and must never be renamed once shipped.
const migrations: Record<string, Migration> = {
  '0001-extensions': m0001,
  '0002-places-and-catalogue': m0002,
  '0003-classes-and-payments': m0003,
  '0004-auth-and-accounts': m0004,
  '0005-geo-flags-analytics': m0005,
  '0006-marketplace': m0006,
  '0007-listing-earth-point': m0007,
  '0008-enquiries': m0008,
  '0009-payments': m0009,
  '0010-payments-rollout': m0010,
  '0011-sessions': m0011,
  '0012-payments-for-students': m0012,
  '0013-enquiry-per-student': m0013,
  '0014-search-spellings': m0014,
  '0015-demo-phone-range': m0015,
  '0016-batch-seat-holds': m0016,
  '0017-order-creating-state': m0017,
  '0018-review-replies': m0018,
  '0019-listing-review': m0019,
  '0020-listing-authoring': m0020,
  '0021-teacher-profile': m0021,
  '0022-sign-in-roles': m0022,
  '0023-payouts': m0023,
  '0024-marketplace-query-indexes': m0024,
  '0025-shared-instances': m0025,
  '0026-public-page-changes': m0026,
  '0027-order-for-whom': m0027,
  '0028-pack-queue': m0028,
  '0029-register-corrections': m0029,
  '0031-refunds': m0031,
  '0032-admin-money-actions': m0032,
  '0033-notifications': m0033,
  '0034-conversations': m0034,
  '0035-calendar-feeds': m0035,
  '0036-reminder-indexes': m0036,
  '0037-payout-account-safety': m0037,
  '0040-data-rights': m0040,
  '0041-admin-removal-ends-sign-ins': m0041,
  '0042-action-codes': m0042,
  '0045-listing-point-precision': m0045,
};

const provider: MigrationProvider = {
  getMigrations: async () => migrations,
};

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed`, { cause: error });
  }
  return (results ?? []).map((result) => result.migrationName);
}
