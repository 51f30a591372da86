import { sql, type Kysely } from 'kysely';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { down, up } from './0041-admin-removal-ends-sign-ins';

describe("migration 0041: an admin's removal as a reason a sign-in ended", () => {
  let testApp: TestApp;
  const userId = '00000000-0000-4000-8000-00000000a041';

  beforeAll(async () => {
    testApp = await buildTestApp({ seed: false });
    await sql`insert into users (id, phone, user_type) values (${userId}, '+919800000041', 'Learner')`.execute(testApp.db);
  });

  afterAll(async () => {
    await testApp.close();
  });

  const revoke = (reason: string) =>
    sql`insert into refresh_token_families (user_id, role, created_at, expires_at, revoked_at, revoked_reason)
        values (${userId}, 'Learner', now(), now() + interval '1 day', now(), ${reason})`.execute(testApp.db);
  const reasons = async () =>
    (await sql<{ revoked_reason: string }>`select revoked_reason from refresh_token_families order by revoked_reason`.execute(testApp.db)).rows.map(
      (row) => row.revoked_reason,
    );

  it('takes admin_removed and account_erased beside logout and reuse, nothing else; down turns them into logouts', async () => {
    await revoke('admin_removed');
    await revoke('account_erased');
    await revoke('reuse');
    await expect(revoke('because')).rejects.toThrow();
    expect(await reasons()).toEqual(['account_erased', 'admin_removed', 'reuse']);
    const untyped = testApp.db as unknown as Kysely<unknown>;
    await down(untyped);
    expect(await reasons()).toEqual(['logout', 'logout', 'reuse']);
    await expect(revoke('admin_removed')).rejects.toThrow();
    await up(untyped);
    await revoke('admin_removed');
    expect(await reasons()).toEqual(['admin_removed', 'logout', 'logout', 'reuse']);
  });
});
