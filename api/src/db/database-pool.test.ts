import { sql } from 'kysely';
import { buildTestApp } from '../testing/build-test-app';
import { createDatabase, isDatabaseBusyError } from './database';

const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('the PostgreSQL pool', () => {
  test('a statement past the statement time-out and a wait past the acquire time-out fail at once, as "database busy"', async () => {
    const database = await createDatabase({ databaseUrl: process.env.DATABASE_URL, maxConnections: 1, acquireTimeoutMs: 300, statementTimeoutMs: 400 });
    try {
      const slow = await sql`select pg_sleep(2)`.execute(database.db).catch((error: unknown) => error);
      expect(isDatabaseBusyError(slow)).toBe(true);

      // One transaction holds the only connection; another query gives up instead of queueing.
      let release: () => void = () => undefined;
      const holding = database.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      });
      const started = Date.now();
      const waiting = await sql`select 1`.execute(database.db).catch((error: unknown) => error);
      expect(isDatabaseBusyError(waiting)).toBe(true);
      expect(Date.now() - started).toBeLessThan(2_000);
      release();
      await holding;
      expect((await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });
});

describe('a saturated database', () => {
  test('is answered 503 DATABASE_BUSY with Retry-After, not a generic failure', async () => {
    const testApp = await buildTestApp({
      seed: false,
      beforeReady: (app) => {
        app.get('/test/pool-exhausted', async () => {
          // What node-postgres' pool throws when no connection came free in time.
          throw new Error('timeout exceeded when trying to connect');
        });
        app.get('/test/statement-timeout', async () => {
          throw Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
        });
      },
    });
    try {
      for (const url of ['/test/pool-exhausted', '/test/statement-timeout']) {
        const response = await testApp.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('1');
        expect(response.json()).toEqual({ statusCode: 503, code: 'DATABASE_BUSY', message: expect.any(String) });
      }
    } finally {
      await testApp.close();
    }
  });
});
