import { sql, type Kysely } from 'kysely';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { down, up } from './0040-data-rights';

describe("migration 0040: a person's data rights", () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp({ seed: false });
  });

  afterAll(async () => {
    await testApp.close();
  });

  const insertUser = (phone: string, erasedAt: Date | null) =>
    testApp.db.insertInto('users').values({ phone, user_type: 'Learner', teacher_id: null, erased_at: erasedAt }).returning('id').executeTakeFirstOrThrow();

  it('takes an erased phone only on an erased user, keeps erasure records append-only, and goes down and up again', async () => {
    await expect(insertUser(`erased:${'a'.repeat(32)}`, null)).rejects.toThrow(/users_erased_phone_check/);
    await expect(insertUser('+919845000001', new Date())).rejects.toThrow(/users_erased_phone_check/);
    await expect(insertUser('erased:not-hex', new Date())).rejects.toThrow(/users_(erased_)?phone_check/);
    const { id } = await insertUser(`erased:${'b'.repeat(32)}`, new Date());
    await testApp.db
      .insertInto('account_erasures')
      .values({ user_id: id, phone_hash: 'x'.repeat(43), roles: ['Learner'], outcome: '{}', requested_at: new Date() })
      .execute();
    await expect(
      testApp.db
        .updateTable('account_erasures')
        .set({ phone_hash: 'y'.repeat(43) })
        .execute(),
    ).rejects.toThrow(/append-only/);
    await expect(testApp.db.deleteFrom('account_erasures').execute()).rejects.toThrow(/append-only/);

    await sql`drop trigger account_erasures_append_only on account_erasures`.execute(testApp.db);
    await testApp.db.deleteFrom('account_erasures').execute();
    await testApp.db.deleteFrom('users').where('id', '=', id).execute();
    const untyped = testApp.db as unknown as Kysely<unknown>;
    await sql`create trigger account_erasures_append_only before update or delete on account_erasures for each row execute function account_erasures_append_only()`.execute(
      testApp.db,
    );
    await down(untyped);
    expect((await sql<{ name: string | null }>`select to_regclass('account_erasures')::text as name`.execute(testApp.db)).rows[0]?.name).toBeNull();
    await up(untyped);
    expect((await sql<{ name: string | null }>`select to_regclass('data_exports')::text as name`.execute(testApp.db)).rows[0]?.name).toBe('data_exports');
  });
});
