import { sql, type Kysely } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../testing/build-test-app';
import { migrateToLatest } from './index';
import { down, up } from './0022-sign-in-roles';

describe('migration 0022: the role of each sign-in', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrateToLatest(test.database.db);
  });

  afterAll(async () => {
    await test.close();
  });

  it('gives every existing sign-in the role its tokens were issued with, and refuses any other role', async () => {
    const { db } = test.database;
    // Migrations are written against an untyped database, as they run before the schema exists.
    const untyped = db as unknown as Kysely<unknown>;
    // As the database stood before: sign-ins without a role.
    await down(untyped);
    const teacher = await db
      .insertInto('teachers')
      .values({ slug: 'priya-1', name: 'Priya', bio: '', experience_years: 1, phone: '+910000010001', languages: [], rating_avg: '0', rating_count: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into users (id, phone, user_type, teacher_id) values
      ('00000000-0000-4000-8000-00000000a001', '+910000000001', 'Learner', null),
      ('00000000-0000-4000-8000-00000000a002', '+910000010001', 'Teacher', ${teacher.id})`.execute(db);
    await sql`insert into refresh_token_families (id, user_id, created_at, expires_at) values
      ('00000000-0000-4000-8000-00000000f001', '00000000-0000-4000-8000-00000000a001', now(), now() + interval '1 day'),
      ('00000000-0000-4000-8000-00000000f002', '00000000-0000-4000-8000-00000000a002', now(), now() + interval '1 day')`.execute(db);

    await up(untyped);
    const families = await db.selectFrom('refresh_token_families').select(['id', 'role']).orderBy('id').execute();
    expect(families).toEqual([
      { id: '00000000-0000-4000-8000-00000000f001', role: 'Learner' },
      { id: '00000000-0000-4000-8000-00000000f002', role: 'Teacher' },
    ]);
    await expect(sql`update refresh_token_families set role = 'Admin'`.execute(db)).rejects.toThrow();
    await expect(
      sql`insert into refresh_token_families (user_id, created_at, expires_at) values ('00000000-0000-4000-8000-00000000a001', now(), now())`.execute(db),
    ).rejects.toThrow();
  });
});
