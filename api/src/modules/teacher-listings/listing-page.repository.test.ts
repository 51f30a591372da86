import type { KyselyPlugin } from 'kysely';
import { learnerPoint } from '../../shared/learner-point';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createListingPageRepository } from './listing-page.repository';

describe('listing page repository: categories', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  /** A repository whose queries are counted. */
  function countingRepository() {
    const counter = { queries: 0 };
    const count: KyselyPlugin = {
      transformQuery: ({ node }) => {
        counter.queries += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    return { repository: createListingPageRepository(testApp.db.withPlugin(count)), counter };
  }

  test('finds a category by slug or id (in any letter case) and reads the categories once', async () => {
    const guitar = await testApp.db.selectFrom('categories').select(['id', 'slug', 'name']).where('slug', '=', 'guitar').executeTakeFirstOrThrow();
    const { repository, counter } = countingRepository();
    expect(await repository.findCategoryByIdOrSlug('guitar')).toEqual(guitar);
    expect(await repository.findCategoryByIdOrSlug(guitar.id)).toEqual(guitar);
    expect(await repository.findCategoryByIdOrSlug(guitar.id.toUpperCase())).toEqual(guitar);
    expect(await repository.findCategoryByIdOrSlug('Guitar')).toBeUndefined();
    // The three kept answers sent nothing; the unknown slug read the categories again.
    expect(counter.queries).toBe(2);
  });

  test('finds a category added after the categories were first read', async () => {
    const { repository } = countingRepository();
    expect(await repository.findCategoryByIdOrSlug('nadaswaram')).toBeUndefined();
    const added = await testApp.db
      .insertInto('categories')
      .values({ slug: 'nadaswaram', name: 'Nadaswaram', description: 'Nadaswaram', icon: 'music', sort_order: 99 })
      .returning(['id', 'slug', 'name'])
      .executeTakeFirstOrThrow();
    expect(await repository.findCategoryByIdOrSlug('nadaswaram')).toEqual(added);
    expect(await repository.findCategoryByIdOrSlug(added.id)).toEqual(added);
  });

  test('a card names its category, locality and apartment as stored, with one query once they are kept', async () => {
    const stored = await testApp.db
      .selectFrom('teacher_listings as l')
      .innerJoin('categories as c', 'c.id', 'l.category_id')
      .innerJoin('localities as loc', 'loc.id', 'l.locality_id')
      .leftJoin('apartments as a', 'a.id', 'l.apartment_id')
      .select([
        'l.id',
        'c.slug as category_slug',
        'c.name as category_name',
        'loc.slug as locality_slug',
        'loc.name as locality_name',
        'a.slug as apartment_slug',
        'a.name as apartment_name',
      ])
      .orderBy('l.apartment_id', 'asc')
      .orderBy('l.id')
      .limit(20)
      .execute();
    expect(stored.some((row) => row.apartment_slug !== null)).toBe(true);
    expect(stored.some((row) => row.apartment_slug === null)).toBe(true);
    const { repository, counter } = countingRepository();
    const ids = stored.map((row) => row.id);
    const origin = learnerPoint({ lat: 12.9716, long: 77.5946 });
    const names = (cards: Awaited<ReturnType<typeof repository.findCards>>) =>
      cards
        .map(({ id, category_slug, category_name, locality_slug, locality_name, apartment_slug, apartment_name }) => ({
          id,
          category_slug,
          category_name,
          locality_slug,
          locality_name,
          apartment_slug,
          apartment_name,
        }))
        .sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
    expect(names(await repository.findCards(ids, origin, '2026-01-01'))).toEqual(stored);
    const before = counter.queries;
    expect(names(await repository.findCards(ids, origin, '2026-01-01'))).toEqual(stored);
    expect(counter.queries - before).toBe(1);
  });
});
