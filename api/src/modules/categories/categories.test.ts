import { sql } from 'kysely';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';

describe('marketplace categories', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  test('lists every category in sort order with the public shape and a cache header', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/v1/marketplace/categories' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');

    const { categories } = response.json();
    expect(categories.length).toBeGreaterThanOrEqual(16);
    for (const category of categories) {
      expect(Object.keys(category).sort()).toEqual(['activeListingCount', 'description', 'icon', 'id', 'name', 'slug'].sort());
    }

    const order = await testApp.db.selectFrom('categories').select('slug').orderBy('sort_order').execute();
    expect(categories.map((category: { slug: string }) => category.slug)).toEqual(order.map((row) => row.slug));
  });

  test('counts only active listings per category', async () => {
    const rows = await testApp.db
      .selectFrom('teacher_listings as l')
      .innerJoin('categories as c', 'c.id', 'l.category_id')
      .select(['c.slug', sql<number>`count(*)::int`.as('count')])
      .where('l.is_active', '=', true)
      .groupBy('c.slug')
      .execute();
    const expected = new Map(rows.map((row) => [row.slug, row.count]));

    // Deactivate one listing to prove inactive ones drop out of the count.
    const listing = await testApp.db
      .selectFrom('teacher_listings as l')
      .innerJoin('categories as c', 'c.id', 'l.category_id')
      .select(['l.id', 'c.slug'])
      .where('l.is_active', '=', true)
      .orderBy('l.id')
      .executeTakeFirstOrThrow();
    await testApp.db.updateTable('teacher_listings').set({ is_active: false }).where('id', '=', listing.id).execute();
    expected.set(listing.slug, (expected.get(listing.slug) ?? 0) - 1);

    const response = await testApp.app.inject({ method: 'GET', url: '/v1/marketplace/categories' });
    const { categories } = response.json();
    for (const category of categories) {
      expect(category.activeListingCount).toBe(expected.get(category.slug) ?? 0);
    }
    expect(categories.reduce((sum: number, c: { activeListingCount: number }) => sum + c.activeListingCount, 0)).toBeGreaterThan(0);

    await testApp.db.updateTable('teacher_listings').set({ is_active: true }).where('id', '=', listing.id).execute();
  });

  test('returns one category by slug', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/v1/marketplace/categories/carnatic-vocal' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ slug: 'carnatic-vocal', name: 'Carnatic Vocal' });
  });

  test('answers 404 CATEGORY_NOT_FOUND for an unknown slug', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/v1/marketplace/categories/underwater-basket-weaving' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      code: 'CATEGORY_NOT_FOUND',
      message: expect.stringContaining('underwater-basket-weaving'),
    });
  });

  test('rejects a malformed slug with a validation error naming the field', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/v1/marketplace/categories/Not%20A%20Slug' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('params.slug') });
  });
});
