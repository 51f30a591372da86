import { sql, type Kysely } from 'kysely';
import { isDemoPhone } from '@kalike/shared/domain/demo-phones';
import { createTestDatabase, TEST_ANCHOR_DATE, type TestDatabase } from '../testing/build-test-app';
import { migrateToLatest } from './migrations';
import { seedPhones } from './seed/accounts';
import type { Database } from './schema';
import { seedAtStartup, whileHoldingStartupLock } from './startup-seed';

function quietLog() {
  const warnings: string[] = [];
  return { warnings, log: { info: () => {}, warn: (message: string) => void warnings.push(message) } };
}

/** Every phone number a seeded row holds, with where it is. */
const phoneColumns = [
  ['users', 'phone'],
  ['teachers', 'phone'],
  ['payment_requests', 'learner_phone'],
  ['payment_links', 'learner_phone'],
  ['enquiries', 'contact_phone'],
  ['enquiries', 'alternate_phone'],
  ['message_outbox', 'to_phone'],
  ['sms_outbox', 'to_phone'],
  ['otp_requests', 'phone'],
] as const;

describe('seeding at startup', () => {
  let database: TestDatabase;

  beforeEach(async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.database.db);
  });

  afterEach(async () => {
    await database.close();
  });

  test('an empty database that did not ask for demo data stays empty, and says so', async () => {
    const { log, warnings } = quietLog();
    expect(await seedAtStartup(database.database.db, { seedDemo: false, seedSize: 'test', log })).toBe('left-empty');
    const { count } = await database.database.db
      .selectFrom('teachers')
      .select(sql<number>`count(*)::int`.as('count'))
      .executeTakeFirstOrThrow();
    expect(count).toBe(0);
    expect(warnings.join('\n')).toContain('SEED=demo');
  });

  test('when asked, every seeded person has a demo number, and a second start leaves the data alone', async () => {
    const { log } = quietLog();
    const db = database.database.db;
    expect(await seedAtStartup(db, { seedDemo: true, seedSize: 'test', log, anchorDate: TEST_ANCHOR_DATE })).toBe('seeded');
    let seen = 0;
    for (const [table, column] of phoneColumns) {
      const rows = await sql<{ phone: string | null }>`select ${sql.ref(column)} as phone from ${sql.table(table)}`.execute(db);
      const phones = rows.rows.map((row) => row.phone).filter((phone): phone is string => phone !== null);
      seen += phones.length;
      expect({ table, column, notDemo: phones.filter((phone) => !isDemoPhone(phone)) }).toEqual({ table, column, notDemo: [] });
    }
    expect(seen).toBeGreaterThan(40);
    expect(await seedAtStartup(db, { seedDemo: true, seedSize: 'test', log })).toBe('has-data');
  });
});

/** Rows in every table of the schema (the migrations' own bookkeeping too). */
async function rowCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`.execute(db);
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    counts[name] = (await sql<{ count: number }>`select count(*)::int as count from ${sql.table(name)}`.execute(db)).rows[0]!.count;
  }
  return counts;
}

describe('several instances starting at once', () => {
  test('two start-ups on one empty database both succeed, and the data is exactly one seed', async () => {
    const shared = await createTestDatabase();
    const alone = await createTestDatabase();
    try {
      const { log } = quietLog();
      const lockLog = { info: () => undefined, warn: () => undefined };
      const startUp = (db: Kysely<Database>) => async () => {
        await migrateToLatest(db);
        return seedAtStartup(db, { seedDemo: true, seedSize: 'test', log, anchorDate: TEST_ANCHOR_DATE });
      };
      const instances = [shared.database, await shared.openAnotherPool()];
      const outcomes = await Promise.all(instances.map((database) => whileHoldingStartupLock(database, { log: lockLog, pollMs: 20 }, startUp(database.db))));
      expect(outcomes.sort()).toEqual(['has-data', 'seeded']);

      await startUp(alone.database.db)();
      expect(await rowCounts(shared.database.db)).toEqual(await rowCounts(alone.database.db));
    } finally {
      await Promise.all([shared.close(), alone.close()]);
    }
  });
});

describe('seeded numbers', () => {
  test('the number ranges hold the largest seed: 40,000 teachers, each on their own number', () => {
    const teachers = Array.from({ length: 40_000 }, (_, index) => seedPhones.teacher(index));
    expect(teachers.every(isDemoPhone)).toBe(true);
    expect(new Set(teachers).size).toBe(40_000);
    expect(isDemoPhone(seedPhones.other(999_999_999))).toBe(true);
  });
});
