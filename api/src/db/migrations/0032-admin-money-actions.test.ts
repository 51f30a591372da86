import { sql, type Kysely } from 'kysely';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { down, up } from './0032-admin-money-actions';

describe('migration 0032: the log of admin money actions', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  const tableExists = async () =>
    (await sql<{ name: string | null }>`select to_regclass('admin_money_actions')::text as name`.execute(testApp.db)).rows[0]?.name === 'admin_money_actions';

  it('creates the log, refuses an action with no amount but a dismissal, and goes down and up again', async () => {
    expect(await tableExists()).toBe(true);
    const insert = (kind: string, amount: number) =>
      sql`insert into admin_money_actions (admin_user_id, kind, learner_account_id, amount_paise, reason, created_at)
          select u.id, ${kind}, la.id, ${amount}, 'why', now() from users u, learner_accounts la where u.is_admin limit 1`.execute(testApp.db);
    await expect(insert('amount_refund', 0)).rejects.toThrow(/check/);
    await expect(insert('report_dismissed', 0)).rejects.toThrow(/check/);
    const untyped = testApp.db as unknown as Kysely<unknown>;
    await down(untyped);
    expect(await tableExists()).toBe(false);
    await up(untyped);
    expect(await tableExists()).toBe(true);
  });
});
