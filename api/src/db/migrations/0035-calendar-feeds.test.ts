import { sql, type Kysely } from 'kysely';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { down, up } from './0035-calendar-feeds';

describe('migration 0035: calendar feeds and booked demos', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  const tableExists = async (name: string) =>
    (await sql<{ name: string | null }>`select to_regclass(${name})::text as name`.execute(testApp.db)).rows[0]?.name === name;

  it('keeps one live feed per person and audience, and goes down and up again', async () => {
    const user = await testApp.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
    const insert = (hash: string) =>
      sql`insert into calendar_feeds (token_nonce, token_hash, owner_user_id, audience, created_at) values ('n', ${hash}, ${user.id}, 'learner', now())`.execute(
        testApp.db,
      );
    await insert('first');
    await expect(insert('second')).rejects.toThrow(/unique|duplicate/);
    await sql`update calendar_feeds set revoked_at = now() where token_hash = 'first'`.execute(testApp.db);
    await insert('second');
    await expect(
      sql`insert into calendar_feeds (token_nonce, token_hash, owner_user_id, audience, created_at) values ('n', 'third', ${user.id}, 'everyone', now())`.execute(
        testApp.db,
      ),
    ).rejects.toThrow(/check/);

    const untyped = testApp.db as unknown as Kysely<unknown>;
    await down(untyped);
    expect(await tableExists('calendar_feeds')).toBe(false);
    expect(await tableExists('demo_bookings')).toBe(false);
    await up(untyped);
    expect(await tableExists('calendar_feeds')).toBe(true);
    expect(await tableExists('demo_bookings')).toBe(true);
  });
});
