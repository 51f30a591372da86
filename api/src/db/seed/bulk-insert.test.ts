import { createTestDatabase, type TestDatabase } from '../../testing/build-test-app';
import { migrateToLatest } from '../migrations';
import { bulkInsert, type SeedRow } from './bulk-insert';

describe('bulkInsert', () => {
  let testDatabase: TestDatabase;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    await migrateToLatest(testDatabase.database.db);
  });

  afterAll(async () => {
    await testDatabase.close();
  });

  test('writes typed rows in chunks, each value cast to its column type', async () => {
    const db = testDatabase.database.db;
    const teachers: SeedRow<'teachers'>[] = Array.from({ length: 7 }, (_, index) => ({
      id: `00000000-0000-4000-8000-00000000000${index}`,
      slug: `teacher-${index}`,
      name: `Teacher "${index}" \\ Kannada ಕನ್ನಡ`,
      bio: 'Teaches',
      experience_years: index,
      photo_url: null,
      phone: `+910000010${String(index).padStart(3, '0')}`,
      languages: ['English', 'Say "namaskara"'],
      rating_avg: 4.25,
      rating_count: index * 3,
      main_category_id: null,
      created_at: '2025-06-01T10:00:00+05:30',
    }));

    expect(await bulkInsert(db, 'teachers', teachers, 3)).toBe(7);

    const rows = await db.selectFrom('teachers').selectAll().orderBy('slug').execute();
    expect(rows).toHaveLength(7);
    expect(rows[6]).toMatchObject({
      name: 'Teacher "6" \\ Kannada ಕನ್ನಡ',
      experience_years: 6,
      languages: ['English', 'Say "namaskara"'],
      rating_count: 18,
      photo_url: null,
    });
    expect(Number(rows[6]?.rating_avg)).toBe(4.25);
    expect(new Date(rows[6]?.created_at ?? 0).toISOString()).toBe('2025-06-01T04:30:00.000Z');
  });

  test('refuses a row that names other columns than the first row', async () => {
    const db = testDatabase.database.db;
    const first: SeedRow<'categories'> = { slug: 'a', name: 'A', description: 'A', icon: 'a', sort_order: 1 };
    const second: SeedRow<'categories'> = { id: '00000000-0000-4000-8000-0000000000aa', slug: 'b', name: 'B', description: 'B', icon: 'b', sort_order: 2 };
    await expect(bulkInsert(db, 'categories', [first, second])).rejects.toThrow(/Row for categories names id, slug/);
    await expect(bulkInsert(db, 'categories', [])).resolves.toBe(0);
  });
});
