import { sql, type Kysely } from 'kysely';
import { createTestDatabase, TEST_ANCHOR_DATE, type TestDatabase } from '../../testing/build-test-app';
import { seedDatabase } from '../seed/seed-database';
import { migrateToLatest } from './index';
import { down, up } from './0024-marketplace-query-indexes';

describe('migration 0024: indexes for the marketplace lists', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase();
    await migrateToLatest(test.database.db);
    await seedDatabase(test.database.db, { size: 'test', anchorDate: TEST_ANCHOR_DATE });
  });

  afterAll(async () => {
    await test.close();
  });

  const listingIndexes = async () =>
    (
      await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'teacher_listings' order by indexname`.execute(test.database.db)
    ).rows.map((row) => row.indexname);

  it('goes down and up again on a filled database', async () => {
    // Migrations are written against an untyped database, as they run before the schema exists.
    const untyped = test.database.db as unknown as Kysely<unknown>;
    await down(untyped);
    expect(await listingIndexes()).toEqual(expect.arrayContaining(['teacher_listings_search_trgm_idx']));
    expect(await listingIndexes()).not.toEqual(expect.arrayContaining(['teacher_listings_category_point_idx']));

    await up(untyped);
    const indexes = await listingIndexes();
    expect(indexes).toEqual(expect.arrayContaining(['teacher_listings_category_point_idx', 'teacher_listings_point_words_idx']));
    expect(indexes).not.toContain('teacher_listings_search_trgm_idx');
  });

  it('indexes listings whose search text starts with punctuation (an empty first word)', async () => {
    const { db } = test.database;
    const template = await db.selectFrom('teacher_listings').selectAll().where('mode', '<>', 'online').executeTakeFirstOrThrow();
    const inserted = await db
      .insertInto('teacher_listings')
      .values({
        teacher_id: template.teacher_id,
        category_id: template.category_id,
        title: '(Guitar) for beginners',
        locality_id: template.locality_id,
        lat: template.lat,
        lng: template.lng,
        mode: 'at_centre',
        price_from_paise: 100_000,
        age_min: 6,
        age_max: 14,
        search_text: '(guitar) for beginners',
        review_state: 'live',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const found = await sql<{ id: string }>`
      select id from teacher_listings l where l.id = ${inserted.id}::uuid and array_to_tsvector(array_remove(l.search_words, '')) @@ 'beginners'::tsquery`.execute(
      db,
    );
    expect(found.rows).toEqual([{ id: inserted.id }]);
    await db.deleteFrom('teacher_listings').where('id', '=', inserted.id).execute();
  });
});
