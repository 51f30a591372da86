import { sql, type Kysely } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../testing/build-test-app';
import { migrateToLatest } from './index';
import { down, up } from './0026-public-page-changes';

describe('migration 0026: the feed of public page changes', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrateToLatest(test.database.db);
  });

  afterAll(async () => {
    await test.close();
  });

  const tables = async () =>
    (
      await sql<{ name: string }>`
        select table_name as name from information_schema.tables
        where table_schema = 'public' and table_name like 'public_page_change%' order by table_name`.execute(test.database.db)
    ).rows.map((row) => row.name);

  it('goes down and up again, starting with nothing pruned', async () => {
    expect(await tables()).toEqual(['public_page_change_retention', 'public_page_changes']);
    // Migrations are written against an untyped database, as they run before the schema exists.
    const untyped = test.database.db as unknown as Kysely<unknown>;
    await down(untyped);
    expect(await tables()).toEqual([]);
    await up(untyped);
    expect(await tables()).toEqual(['public_page_change_retention', 'public_page_changes']);
    expect(
      await test.database.db
        .selectFrom('public_page_change_retention')
        .select(sql<string>`pruned_through::text`.as('through'))
        .execute(),
    ).toEqual([{ through: '0' }]);
  });

  it('stamps each change with its transaction, so one write shares one', async () => {
    const teacherId = '3f0e2b8a-4c1d-4e7f-9a2b-1c3d5e7f9a0b';
    await test.database.db.transaction().execute(async (trx) => {
      await trx.insertInto('public_page_changes').values({ teacher_id: teacherId, teacher_slug: 'a' }).execute();
      await trx.insertInto('public_page_changes').values({ teacher_id: teacherId, teacher_slug: 'b' }).execute();
    });
    await test.database.db.insertInto('public_page_changes').values({ teacher_id: teacherId, teacher_slug: 'c' }).execute();
    const rows = await test.database.db
      .selectFrom('public_page_changes')
      .select(['teacher_slug', sql<string>`tx::text`.as('tx')])
      .orderBy('id')
      .execute();
    expect(rows[0]!.tx).toBe(rows[1]!.tx);
    expect(BigInt(rows[2]!.tx)).toBeGreaterThan(BigInt(rows[0]!.tx));
  });
});
