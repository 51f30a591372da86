import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { haversineMetres } from '../../testing/marketplace-facts';

describe('apartments', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  const get = (url: string) => testApp.app.inject({ method: 'GET', url });

  test('search finds apartments by name with typos, at most 10, each with its active listing count', async () => {
    const response = await get('/v1/class/search-apartments?search=Prestige%20Shantinikethan');
    expect(response.statusCode).toBe(200);
    const { apartments } = response.json();
    expect(apartments[0]).toMatchObject({ slug: 'prestige-shantiniketan', locality: { slug: 'whitefield' } });
    const broad = (await get('/v1/class/search-apartments?search=a')).json().apartments;
    expect(broad.length).toBeLessThanOrEqual(10);

    const apartment = await testApp.db.selectFrom('apartments').select(['id', 'slug', 'name']).orderBy('slug').executeTakeFirstOrThrow();
    const count = await testApp.db
      .selectFrom('teacher_listings')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('apartment_id', '=', apartment.id)
      .where('is_active', '=', true)
      .executeTakeFirstOrThrow();
    const found = (await get(`/v1/class/search-apartments?search=${encodeURIComponent(apartment.name)}`)).json().apartments;
    expect(found.find((a: { slug: string }) => a.slug === apartment.slug)?.activeListingCount).toBe(Number(count.count));
  });

  test('an empty search is an empty list, and wildcards are only text', async () => {
    expect((await get('/v1/class/search-apartments?search=')).json()).toEqual({ apartments: [] });
    expect((await get('/v1/class/search-apartments?search=%20%20')).json()).toEqual({ apartments: [] });
    const wildcard = await get('/v1/class/search-apartments?search=%25_%5C');
    expect(wildcard.statusCode).toBe(200);
    expect(wildcard.json().apartments).toEqual([]);
    expect((await get('/v1/class/search-apartments')).statusCode).toBe(400);
  });

  test('nearby lists the nearest apartments that have active listings, nearest first', async () => {
    const point = { lat: 12.9352, lng: 77.6245 };
    const response = await get(`/v1/class/apartments?lat=${point.lat}&long=${point.lng}&limit=10`);
    expect(response.statusCode).toBe(200);
    const { apartments } = response.json();
    const withListings = await testApp.db
      .selectFrom('apartments as a')
      .innerJoin('teacher_listings as l', 'l.apartment_id', 'a.id')
      .select(['a.slug', 'a.lat', 'a.lng'])
      .where('l.is_active', '=', true)
      .distinct()
      .execute();
    const expected = withListings
      .map((a) => ({ slug: a.slug, distance: haversineMetres(point, a) }))
      .sort((a, b) => a.distance - b.distance || (a.slug < b.slug ? -1 : 1))
      .slice(0, 10);
    expect(apartments.map((a: { slug: string }) => a.slug)).toEqual(expected.map((a) => a.slug));
    apartments.forEach((apartment: { distanceMetres: number; activeListingCount: number }, index: number) => {
      expect(Math.abs(apartment.distanceMetres - (expected[index]?.distance ?? 0))).toBeLessThanOrEqual(1);
      expect(apartment.activeListingCount).toBeGreaterThan(0);
    });
  });

  test('by slug: the apartment and its listings, measured from the apartment', async () => {
    const apartment = await testApp.db
      .selectFrom('apartments as a')
      .innerJoin('teacher_listings as l', 'l.apartment_id', 'a.id')
      .select(['a.id', 'a.slug'])
      .where('l.is_active', '=', true)
      .orderBy('a.slug')
      .executeTakeFirstOrThrow();
    const response = await get(`/v1/class/apartments?slug=${apartment.slug}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.apartment).toMatchObject({ id: apartment.id, slug: apartment.slug });
    expect(body.apartment).not.toHaveProperty('distanceMetres');
    const listings = await testApp.db
      .selectFrom('teacher_listings')
      .select('id')
      .where('apartment_id', '=', apartment.id)
      .where('is_active', '=', true)
      .execute();
    expect(body.listings.map((l: { id: string }) => l.id).sort()).toEqual(listings.map((l) => l.id).sort());
    for (const listing of body.listings) {
      expect(listing.apartment.slug).toBe(apartment.slug);
      expect(listing.distanceMetres).toBeLessThanOrEqual(1);
    }
    expect(body.apartment.activeListingCount).toBe(listings.length);
  });

  test.each([
    ['neither slug nor point', ''],
    ['both', '?slug=brigade-gateway&lat=12.97&long=77.6'],
    ['half a point', '?lat=12.97'],
    ['a point outside Bengaluru', '?lat=19.07&long=72.87'],
    ['a bad limit', '?lat=12.97&long=77.6&limit=100'],
  ])('%s is 400 VALIDATION_ERROR', async (_name, query) => {
    const response = await get(`/v1/class/apartments${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  test('an unknown slug is 404 APARTMENT_NOT_FOUND', async () => {
    const response = await get('/v1/class/apartments?slug=no-such-towers');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'APARTMENT_NOT_FOUND' });
  });
});
