import { sql, type Kysely } from 'kysely';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { down, up } from './0036-reminder-indexes';

describe('migration 0036: the indexes the reminders read', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp({ seed: false });
  });

  afterAll(async () => {
    await testApp.close();
  });

  const indexes = async () =>
    (
      await sql<{ name: string | null }>`
        select to_regclass('payment_requests_open_due_idx')::text as name
        union all select to_regclass('enquiries_demo_offered_session_idx')::text`.execute(testApp.db)
    ).rows.map((row) => row.name);

  it('creates both indexes, and goes down and up again', async () => {
    expect(await indexes()).toEqual(['payment_requests_open_due_idx', 'enquiries_demo_offered_session_idx']);
    const untyped = testApp.db as unknown as Kysely<unknown>;
    await down(untyped);
    expect(await indexes()).toEqual([null, null]);
    await up(untyped);
    expect(await indexes()).toEqual(['payment_requests_open_due_idx', 'enquiries_demo_offered_session_idx']);
  });
});
