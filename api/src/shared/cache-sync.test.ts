import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { TeacherPage } from '@kalike/shared/contracts/teacher-listings';
import { migrateToLatest } from '../db/migrations';
import { wellKnownAdmin } from '../db/seed/accounts';
import { seedDatabase } from '../db/seed/seed-database';
import { buildTestAppOn, createTestDatabase, TEST_ANCHOR_DATE, type TestDatabase } from '../testing/build-test-app';
import { signIn } from '../testing/sign-in';
import { createPostgresCacheSync, type CacheSync, type PostgresCacheSync } from './cache-sync';
import { createResponseCache, type ResponseCache } from './response-cache';

/** Asks again until `check` holds, for what another connection delivers in its own time. */
async function eventually(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 1_000; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`Still not true after many tries: ${what}`);
}

function counted(label: string) {
  let calls = 0;
  return { produce: async () => `${label} ${++calls}`, calls: () => calls };
}

describe('a response cache kept in step with other instances', () => {
  function fakeSync(): CacheSync & { connected: boolean; clearFromElsewhere(): void; published: number } {
    const listeners: (() => void)[] = [];
    const sync = {
      connected: true,
      published: 0,
      inSync: () => sync.connected,
      publishClear: () => void sync.published++,
      onRemoteClear: (listener: () => void) => void listeners.push(listener),
      clearFromElsewhere: () => listeners.forEach((listener) => listener()),
    };
    return sync;
  }

  test('a clear here is published; a clear from elsewhere empties the cache here', async () => {
    const sync = fakeSync();
    const cache = createResponseCache({ enabled: true, sync });
    const answer = counted('listings');
    await cache.get('k', answer.produce);
    expect(await cache.get('k', answer.produce)).toMatchObject({ hit: true });
    cache.clear();
    expect(sync.published).toBe(1);
    await cache.get('k', answer.produce);
    sync.clearFromElsewhere();
    expect(await cache.get('k', answer.produce)).toMatchObject({ hit: false });
    expect(answer.calls()).toBe(3);
  });

  test('while clears from elsewhere cannot be heard, every answer comes from the database', async () => {
    const sync = fakeSync();
    const cache = createResponseCache({ enabled: true, sync });
    const answer = counted('listings');
    sync.connected = false;
    await cache.get('k', answer.produce);
    expect(await cache.get('k', answer.produce)).toEqual({ body: Buffer.from('listings 2'), hit: false });
    sync.connected = true;
    await cache.get('k', answer.produce);
    expect(await cache.get('k', answer.produce)).toMatchObject({ hit: true });
  });

  test('an answer read before a clear is not kept after it', async () => {
    const sync = fakeSync();
    const cache = createResponseCache({ enabled: true, sync });
    let release: (text: string) => void = () => undefined;
    const slow = cache.get('k', () => new Promise<string>((resolve) => (release = resolve)));
    sync.clearFromElsewhere();
    release('read before the change');
    expect((await slow).body.toString()).toBe('read before the change');
    expect(await cache.get('k', async () => 'read after the change')).toEqual({ body: Buffer.from('read after the change'), hit: false });
  });
});

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('marketplace caches of two instances on one PostgreSQL database', () => {
  let testDatabase: TestDatabase;
  let syncs: PostgresCacheSync[];
  let caches: ResponseCache[];
  const warnings: string[] = [];
  const log = { info: () => undefined, warn: (_details: object, message: string) => void warnings.push(message) };

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    await migrateToLatest(testDatabase.database.db);
    const handles = [testDatabase.database, await testDatabase.openAnotherPool()];
    syncs = handles.map((handle) => createPostgresCacheSync({ db: handle.db, openClient: handle.openDedicatedClient!, log, reconnectDelayMs: 20 }));
    await Promise.all(syncs.map((sync) => sync.start()));
    caches = syncs.map((sync) => createResponseCache({ enabled: true, sync }));
  });

  afterAll(async () => {
    await Promise.all(syncs.map((sync) => sync.close()));
    await testDatabase.close();
  });

  test('a clear on one instance empties the other one’s cache', async () => {
    const [first, second] = caches as [ResponseCache, ResponseCache];
    const answer = counted('teacher page');
    await second.get('teacher', answer.produce);
    expect(await second.get('teacher', answer.produce)).toMatchObject({ hit: true });

    first.clear();
    await eventually(async () => !(await second.get('teacher', answer.produce)).hit, 'the second instance answers from the database again');
    expect(answer.calls()).toBe(2);
  });

  test('when its listening connection is cut, an instance bypasses its cache until it listens again', async () => {
    const second = caches[1]!;
    const answer = counted('category page');
    await second.get('category', answer.produce);
    expect(await second.get('category', answer.produce)).toMatchObject({ hit: true });

    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = ${'listen kalike_marketplace_cache'}`.execute(
      testDatabase.database.db,
    );
    await eventually(() => warnings.some((message) => message.includes('stopped hearing other instances')), 'an instance notices its listener is gone');
    await eventually(() => syncs.every((sync) => sync.inSync()), 'both instances listen again');
    // What was cached before the cut is gone (a clear could have been missed), and caching resumes.
    expect(await second.get('category', answer.produce)).toMatchObject({ hit: false });
    expect(await second.get('category', answer.produce)).toMatchObject({ hit: true });

    caches[0]!.clear();
    await eventually(async () => !(await second.get('category', answer.produce)).hit, 'clears reach the reconnected instance');
  });
});

onPostgres('two API instances on one PostgreSQL database', () => {
  let testDatabase: TestDatabase;
  let instances: [FastifyInstance, FastifyInstance];

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    await migrateToLatest(testDatabase.database.db);
    await seedDatabase(testDatabase.database.db, { size: 'test', anchorDate: TEST_ANCHOR_DATE });
    const handles = [testDatabase.database, await testDatabase.openAnotherPool()];
    const [first, second] = await Promise.all(handles.map((handle) => buildTestAppOn(handle, { integrations: { marketplaceCache: true } })));
    instances = [first!, second!];
  });

  afterAll(async () => {
    await Promise.all(instances.map((app) => app.close()));
    await testDatabase.close();
  });

  test('a badge granted through one instance shows on the teacher page the other one had cached', async () => {
    const [first, second] = instances;
    const subject = await testDatabase.database.db
      .selectFrom('teachers as t')
      .innerJoin('teacher_listings as l', 'l.teacher_id', 't.id')
      .select(['t.id', 't.slug'])
      .where('l.is_active', '=', true)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('teacher_badges as b').select('b.badge').whereRef('b.teacher_id', '=', 't.id'))))
      .orderBy('t.id')
      .executeTakeFirstOrThrow();
    const page = () => second.inject({ method: 'GET', url: `/v1/marketplace/teacherListings/slug/${subject.slug}` });
    await page();
    const cached = await page();
    expect(cached.headers['x-cache']).toBe('hit');
    expect((cached.json() as TeacherPage).teacher.badges).toEqual([]);

    const { tokens } = await signIn(first, wellKnownAdmin.phone, '10.7.9.1');
    const granted = await first.inject({
      method: 'PUT',
      url: `/v1/admin/teachers/${subject.id}/badges/verified`,
      payload: { reason: 'Identity and teaching certificate checked.' },
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(granted.statusCode).toBe(200);

    await eventually(async () => (((await page()).json() as TeacherPage).teacher.badges ?? []).length > 0, 'the second instance shows the badge');
    expect(((await page()).json() as TeacherPage).teacher.badges).toEqual([expect.objectContaining({ kind: 'verified' })]);
  });
});
