import type { Kysely } from 'kysely';
import { migrateToLatest } from '../db/migrations';
import type { Database } from '../db/schema';
import { createTestDatabase, type TestDatabase } from '../testing/build-test-app';
import { persistedSecret } from './persisted-secret';

describe('persistedSecret', () => {
  let testDatabase: TestDatabase;
  let db: Kysely<Database>;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    db = testDatabase.database.db;
    await migrateToLatest(db);
  });

  afterAll(() => testDatabase.close());

  test('is made once, 32 random bytes in base64url, and read back the same afterwards', async () => {
    const first = await persistedSecret(db, 'probe-once');
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await persistedSecret(db, 'probe-once')).toBe(first);
    const rows = await db.selectFrom('auth_secrets').select('secret').where('name', '=', 'probe-once').execute();
    expect(rows).toEqual([{ secret: first }]);
  });

  test('callers starting at the same time all get the one secret that was kept', async () => {
    const secrets = await Promise.all(Array.from({ length: 5 }, () => persistedSecret(db, 'probe-race')));
    expect(new Set(secrets).size).toBe(1);
  });

  test('each name has its own secret', async () => {
    expect(await persistedSecret(db, 'probe-a')).not.toBe(await persistedSecret(db, 'probe-b'));
  });
});
