import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { migrateToLatest } from '../db/migrations';
import type { Database } from '../db/schema';
import { buildTestAppOn, createTestDatabase, type TestDatabase } from '../testing/build-test-app';
import { postgresRateLimitStore, pruneRateLimitCounters } from './postgres-rate-limit-store';

type Counted = { current: number; ttl: number };

describe('the rate-limit store in the database', () => {
  let testDatabase: TestDatabase;
  let db: Kysely<Database>;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    db = testDatabase.database.db;
    await migrateToLatest(db);
  });

  afterAll(async () => {
    await testDatabase.close();
  });

  function storeWith(settings: object = {}) {
    const Store = postgresRateLimitStore(db);
    const store = new Store(settings);
    const hit = (key: string, windowMs = 60_000, max = 2) =>
      new Promise<Counted>((resolve, reject) => store.incr(key, (error, counted) => (error ? reject(error) : resolve(counted!)), windowMs, max));
    return { store, hit };
  }

  test('counts hits in a window that starts with the first, and starts again once it has ended', async () => {
    const { hit } = storeWith();
    const first = await hit('address|203.0.113.1');
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(50_000);
    expect(first.ttl).toBeLessThanOrEqual(60_000);
    expect((await hit('address|203.0.113.1')).current).toBe(2);
    expect((await hit('address|203.0.113.1')).current).toBe(3);
    expect((await hit('address|203.0.113.2')).current).toBe(1);

    await db
      .updateTable('rate_limit_counters')
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where('key', 'like', '%203.0.113.1')
      .execute();
    expect((await hit('address|203.0.113.1')).current).toBe(1);
  });

  test('with continueExceeding, each hit past max starts the window again', async () => {
    const { hit } = storeWith({ continueExceeding: true });
    await hit('continue', 60_000, 1);
    await db
      .updateTable('rate_limit_counters')
      .set({ expires_at: new Date(Date.now() + 5_000) })
      .where('key', 'like', '%continue')
      .execute();
    expect((await hit('continue', 60_000, 1)).ttl).toBeGreaterThan(50_000);
  });

  test('a child counts apart for its route, as the built-in stores do', async () => {
    const { store, hit } = storeWith();
    const child = store.child({ routeInfo: { method: 'POST', url: '/v1/csp-reports' } } as never);
    await hit('198.51.100.7');
    const counted = await new Promise<Counted>((resolve) => child.incr('198.51.100.7', (_error, result) => resolve(result!), 60_000, 2));
    expect(counted.current).toBe(1);
  });

  test('ended windows are pruned, current ones kept', async () => {
    const { hit } = storeWith();
    await hit('kept');
    await hit('ended');
    await db
      .updateTable('rate_limit_counters')
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where('key', 'like', '%ended')
      .execute();
    expect((await pruneRateLimitCounters(db)).pruned).toBeGreaterThanOrEqual(1);
    const keys = (await db.selectFrom('rate_limit_counters').select('key').execute()).map((row) => row.key);
    expect(keys).toContain('rl:kept');
    expect(keys).not.toContain('rl:ended');
  });
});

describe('limits held across two instances on one database', () => {
  let testDatabase: TestDatabase;
  let instances: FastifyInstance[];
  const limits = {
    'GET /v1/geo/reverse': { perAddress: { max: 7, windowMs: 60 * 60_000 } },
    'POST /v1/auth/otp/verify': { perAddress: { max: 3, windowMs: 60 * 60_000 } },
  };
  /** New callers per route and window each instance writes to the store; the rest are counted in memory. */
  const maxNewSharedPerWindow = 200;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    await migrateToLatest(testDatabase.database.db);
    const handles = [testDatabase.database, await testDatabase.openAnotherPool()];
    // Each instance with its own store object over its own pool, as two processes would have.
    instances = await Promise.all(
      handles.map((handle) =>
        buildTestAppOn(handle, { rateLimits: { limits, store: postgresRateLimitStore(handle.db), preLimit: { maxNewSharedPerWindow } } }),
      ),
    );
  });

  afterAll(async () => {
    await Promise.all(instances.map((app) => app.close()));
    await testDatabase.close();
  });

  test('two instances taking turns allow exactly max route calls for one address', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 20; index++) {
      const response = await instances[index % 2]!.inject({ method: 'GET', url: '/v1/geo/reverse?lat=12.9716&lng=77.5946', remoteAddress: '203.0.113.50' });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status !== 429)).toHaveLength(7);
    expect(statuses.slice(7).every((status) => status === 429)).toBe(true);
  });

  test('calls arriving at both instances at once are counted exactly, on the routes with their own limiter (CSP reports) too', async () => {
    const report = { 'csp-report': { 'document-uri': 'http://localhost:4000/', 'violated-directive': 'script-src', 'blocked-uri': 'inline' } };
    const calls = Array.from({ length: 70 }, (_, index) =>
      instances[index % 2]!.inject({
        method: 'POST',
        url: '/v1/csp-reports',
        headers: { 'content-type': 'application/csp-report' },
        payload: JSON.stringify(report),
        remoteAddress: '203.0.113.60',
      }),
    );
    const statuses = (await Promise.all(calls)).map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 204)).toHaveLength(60);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });

  test('a flood of thousands of new IPv6 /64s leaves the store bounded, and each flooder is still limited', async () => {
    const db = testDatabase.database.db;
    const verify = (remoteAddress: string) => instances[0]!.inject({ method: 'POST', url: '/v1/auth/otp/verify', payload: {}, remoteAddress });
    const rows = async () =>
      Number(
        (
          await db
            .selectFrom('rate_limit_counters')
            .select((eb) => eb.fn.countAll<string>().as('rows'))
            .where('key', 'like', '%/v1/auth/otp/verify|address|%')
            .executeTakeFirstOrThrow()
        ).rows,
      );
    const flood = async (addresses: string[]) => {
      const statuses: number[] = [];
      for (let start = 0; start < addresses.length; start += 100) {
        const batch = await Promise.all(addresses.slice(start, start + 100).map(verify));
        statuses.push(...batch.map((response) => response.statusCode));
      }
      return statuses;
    };

    // Every one of the 256 /64s of one home network's /56, four addresses in each: one caller, one row, refused after its 3 tries.
    const home = await flood(Array.from({ length: 1_024 }, (_, index) => `2001:db8:70:${(index % 256).toString(16)}:${index.toString(16)}::1`));
    expect(home.filter((status) => status !== 429)).toHaveLength(3);
    expect(await rows()).toBe(1);

    // 2,000 /64s in as many /56s: the first new callers of the window are counted in the store, the rest in memory only.
    const fresh = (index: number) => `2001:db8:${(0x100 + Math.floor(index / 256)).toString(16)}:${((index % 256) * 256).toString(16)}::1`;
    const spread = await flood(Array.from({ length: 2_000 }, (_, index) => fresh(index)));
    expect(spread.every((status) => status === 400)).toBe(true);
    expect(await rows()).toBe(maxNewSharedPerWindow);

    // A caller counted in memory only is still refused past the limit, with no row for it.
    const late = fresh(1_999);
    expect((await verify(late)).statusCode).toBe(400);
    expect((await verify(late)).statusCode).toBe(400);
    const refused = await verify(late);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rows()).toBe(maxNewSharedPerWindow);
  });
});
