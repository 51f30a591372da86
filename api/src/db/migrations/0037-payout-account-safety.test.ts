import { sql, type Kysely } from 'kysely';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { down, up } from './0037-payout-account-safety';

describe('migration 0037: payout account safety', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  const tableExists = async () =>
    (await sql<{ name: string | null }>`select to_regclass('payout_audit_events')::text as name`.execute(testApp.db)).rows[0]?.name === 'payout_audit_events';

  it('keeps the audit trail append-only, allows accounts in review, and goes down and up again', async () => {
    const teacher = await testApp.db.selectFrom('teachers').select('id').orderBy('id').executeTakeFirstOrThrow();
    await sql`insert into payout_audit_events (teacher_id, event, actor, destination, created_at)
              values (${teacher.id}, 'account_added', 'teacher', 'account ending 1234', now())`.execute(testApp.db);
    await expect(sql`update payout_audit_events set destination = 'account ending 9999'`.execute(testApp.db)).rejects.toThrow(/append-only/);
    await expect(
      sql`insert into payout_audit_events (teacher_id, event, actor, destination, created_at) values (${teacher.id}, 'account_swapped', 'teacher', 'x', now())`.execute(
        testApp.db,
      ),
    ).rejects.toThrow(/check/);
    await sql`insert into payout_accounts (teacher_id, kind, upi_id, verification, provider, provider_account_id, updated_at, changed_at)
              values (${teacher.id}, 'upi', 'priya@okaxis', 'review', 'sandbox', 'fa_sbx_1', now(), now())`.execute(testApp.db);

    const untyped = testApp.db as unknown as Kysely<unknown>;
    await down(untyped);
    expect(await tableExists()).toBe(false);
    // An account in review goes back to being checked.
    expect((await sql<{ verification: string }>`select verification from payout_accounts where teacher_id = ${teacher.id}`.execute(testApp.db)).rows).toEqual([
      { verification: 'pending' },
    ]);
    await up(untyped);
    expect(await tableExists()).toBe(true);
    expect(
      (await sql<{ changed: boolean }>`select changed_at = updated_at as changed from payout_accounts where teacher_id = ${teacher.id}`.execute(testApp.db))
        .rows,
    ).toEqual([{ changed: true }]);
  });
});
