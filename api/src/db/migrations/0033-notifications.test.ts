import { sql, type Kysely } from 'kysely';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { down, up } from './0033-notifications';

describe('migration 0033: notifications', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  const tableExists = async (name: string) =>
    (await sql<{ name: string | null }>`select to_regclass(${name})::text as name`.execute(testApp.db)).rows[0]?.name === name;

  it('creates the tables, refuses a second row of one event for one person, and goes down and up again', async () => {
    const insert = () =>
      sql`insert into notifications (user_id, audience, kind, params, event_key, link, created_at)
          select id, 'learner', 'class.tomorrow', '{}'::jsonb, 'same-event', '/', now() from users where not is_admin order by id limit 1`.execute(testApp.db);
    await insert();
    await expect(insert()).rejects.toThrow(/unique|duplicate/);
    const untyped = testApp.db as unknown as Kysely<unknown>;
    await down(untyped);
    expect(await tableExists('notifications')).toBe(false);
    await up(untyped);
    for (const table of [
      'notifications',
      'notification_deliveries',
      'notification_preferences',
      'notification_consents',
      'push_subscriptions',
      'whatsapp_outbox',
    ])
      expect(await tableExists(table)).toBe(true);
  });
});
