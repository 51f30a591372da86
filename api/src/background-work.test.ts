import type { FastifyBaseLogger } from 'fastify';
import { createTaskLeases, startBackgroundWork } from './background-work';
import { migrateToLatest } from './db/migrations';
import { createTestDatabase, type TestDatabase } from './testing/build-test-app';

describe('background work', () => {
  const errors: unknown[] = [];
  const log = { error: (details: unknown) => errors.push(details) } as unknown as FastifyBaseLogger;

  test('runs every task in order each pass; a failing task is logged and the next still runs', async () => {
    const ran: string[] = [];
    const work = startBackgroundWork(
      [
        { name: 'first', run: async () => ran.push('first') },
        { name: 'broken', run: async () => Promise.reject(new Error('down')) },
        { name: 'last', run: async () => ran.push('last') },
      ],
      60_000,
      log,
    );
    await work.tick();
    await work.tick();
    await work.stop();
    expect(ran).toEqual(['first', 'last', 'first', 'last']);
    expect(errors).toEqual([expect.objectContaining({ task: 'broken' }), expect.objectContaining({ task: 'broken' })]);
  });

  test('a pass never overlaps the one still running, and stop waits for it', async () => {
    let release: () => void = () => undefined;
    let runs = 0;
    const work = startBackgroundWork(
      [
        {
          name: 'slow',
          run: () =>
            new Promise<void>((resolve) => {
              runs++;
              release = resolve;
            }),
        },
      ],
      60_000,
      log,
    );
    const first = work.tick();
    const second = work.tick();
    expect(runs).toBe(1);
    const stopped = work.stop();
    release();
    await Promise.all([first, second, stopped]);
    expect(runs).toBe(1);
  });
});

describe('background work on several instances', () => {
  const log = { error: () => undefined } as unknown as FastifyBaseLogger;
  let testDatabase: TestDatabase;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    await migrateToLatest(testDatabase.database.db);
  });

  afterAll(async () => {
    await testDatabase.close();
  });

  test('two instances ticking at once run each task once, and again once the lease has run out', async () => {
    const other = await testDatabase.openAnotherPool();
    const runs = new Map<string, number>();
    const tasks = ['expire', 'deliver', 'broken'].map((name) => ({
      name,
      run: async () => {
        runs.set(name, (runs.get(name) ?? 0) + 1);
        await new Promise((resolve) => setImmediate(resolve));
        if (name === 'broken') throw new Error('down');
      },
    }));
    const instances = [testDatabase.database.db, other.db].map((db) => startBackgroundWork(tasks, 60_000, log, createTaskLeases(db)));

    await Promise.all(instances.map((work) => work.tick()));
    expect(Object.fromEntries(runs)).toEqual({ expire: 1, deliver: 1, broken: 1 });

    // Within the interval nobody runs them again, not even the instance that ran them.
    await Promise.all(instances.map((work) => work.tick()));
    expect(Object.fromEntries(runs)).toEqual({ expire: 1, deliver: 1, broken: 1 });

    await testDatabase.database.db
      .updateTable('task_leases')
      .set({ lease_until: new Date(Date.now() - 60_000) })
      .execute();
    await Promise.all(instances.map((work) => work.tick()));
    expect(Object.fromEntries(runs)).toEqual({ expire: 2, deliver: 2, broken: 2 });
    await Promise.all(instances.map((work) => work.stop()));
  });

  test('a lease left by an instance that died mid-run is taken over once it is too old', async () => {
    let ran = 0;
    const leases = createTaskLeases(testDatabase.database.db, { maxRunMs: 60_000 });
    await testDatabase.database.db
      .insertInto('task_leases')
      .values({ name: 'orphaned', holder: 'a dead instance', lease_until: new Date(Date.now() + 60_000) })
      .execute();
    expect(await leases.runIfLeased('orphaned', 5_000, async () => ran++)).toBe(false);
    await testDatabase.database.db
      .updateTable('task_leases')
      .set({ lease_until: new Date(Date.now() - 1) })
      .where('name', '=', 'orphaned')
      .execute();
    expect(await leases.runIfLeased('orphaned', 5_000, async () => ran++)).toBe(true);
    expect(ran).toBe(1);
  });
});
