import { sql } from 'kysely';
import { buildTestApp, TEST_ANCHOR_DATE, type TestApp } from '../../testing/build-test-app';
import { activeListingFacts, haversineMetres, type ListingFact } from '../../testing/marketplace-facts';

const MG_ROAD = { lat: 12.97561, lng: 77.60664 };
const ORIGIN = { lat: 12.9756, lng: 77.6066 };
const NOW = new Date(`${TEST_ANCHOR_DATE}T04:00:00Z`);

describe('teacher page', () => {
  let testApp: TestApp;
  let factById: Map<string, ListingFact>;

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => NOW });
    factById = new Map((await activeListingFacts(testApp.db)).map((fact) => [fact.id, fact]));
  });

  afterAll(async () => {
    await testApp.close();
  });

  const get = (url: string) => testApp.app.inject({ method: 'GET', url });
  const distanceOf = (fact: ListingFact) => haversineMetres(ORIGIN, fact);

  test('shows the teacher, the primary listing first, programs, batches, plans and newest reviews', async () => {
    const teacher = await testApp.db
      .selectFrom('teachers as t')
      .innerJoin('teacher_listings as l', 'l.teacher_id', 't.id')
      .innerJoin('categories as c', 'c.id', 't.main_category_id')
      .select(['t.id', 't.slug', 't.main_category_id', 'c.slug as main_slug', sql<number>`count(*)::int`.as('listings')])
      .where('l.is_active', '=', true)
      .groupBy(['t.id', 'c.slug'])
      .having(sql<number>`count(*)`, '>', 1)
      .orderBy('t.slug')
      .executeTakeFirstOrThrow();
    await testApp.db
      .updateTable('teacher_listings')
      .set({ about: sql<string>`'About ' || title || E'.\n\nSecond paragraph.'` })
      .where('teacher_id', '=', teacher.id)
      .execute();
    const response = await get(`/v1/marketplace/teacherListings/slug/${teacher.slug}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    const page = response.json();
    expect(page.teacher).toMatchObject({ id: teacher.id, slug: teacher.slug });
    expect(page.listings).toHaveLength(teacher.listings);
    expect(page.listings[0].category.id).toBe(teacher.main_category_id);
    expect(page.canonicalPath).toBe(`/discover/bengaluru/${teacher.main_slug}/teachers/${teacher.slug}`);
    expect(page.listings[0].path).toBe(page.canonicalPath);
    for (const listing of page.listings) {
      expect(listing).not.toHaveProperty('distanceMetres');
      expect(listing.programs.length).toBeGreaterThan(0);
      for (const program of listing.programs) {
        for (const batch of program.batches) {
          expect(batch.seatsLeft).toBeLessThanOrEqual(batch.capacity);
          for (const plan of batch.plans) expect(plan.pricePerClassPaise).toBe(Math.round(plan.pricePaise / plan.classesCount));
        }
      }
    }
    // What the teacher wrote on each listing's About, as written.
    const abouts = await testApp.db.selectFrom('teacher_listings').select(['id', 'about']).where('teacher_id', '=', teacher.id).execute();
    for (const listing of page.listings) expect(listing.about).toBe(abouts.find((row) => row.id === listing.id)?.about);
    expect(page.listings.every((listing: { about: string; title: string }) => listing.about === `About ${listing.title}.\n\nSecond paragraph.`)).toBe(true);
    const reviews = await testApp.db
      .selectFrom('teacher_reviews')
      .select(['id'])
      .where('teacher_id', '=', teacher.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(20)
      .execute();
    expect(page.reviews.map((review: { id: string }) => review.id)).toEqual(reviews.map((review) => review.id));
  });

  test('with a point, each listing carries its distance and the page is the same otherwise', async () => {
    const { slug } = await testApp.db.selectFrom('teachers').select('slug').orderBy('slug', 'desc').executeTakeFirstOrThrow();
    const plain = (await get(`/v1/marketplace/teacherListings/slug/${slug}`)).json();
    const near = await get(`/v1/marketplace/teacherListings/slug/${slug}?lat=${MG_ROAD.lat}&long=${MG_ROAD.lng}`);
    expect(near.headers['cache-control']).toBe('public, max-age=60');
    const body = near.json();
    for (const listing of body.listings) {
      const fact = factById.get(listing.id) as ListingFact;
      // An online class has no trip, so no distance.
      if (fact.mode === 'online') expect(listing).not.toHaveProperty('distanceMetres');
      else expect(Math.abs(listing.distanceMetres - distanceOf(fact))).toBeLessThanOrEqual(1);
      delete listing.distanceMetres;
    }
    expect(body).toEqual(plain);
  });

  test('the badges say what they mean, with the reason this teacher holds them', async () => {
    const { slug } = await testApp.db
      .selectFrom('teachers as t')
      .innerJoin('teacher_badges as b', 'b.teacher_id', 't.id')
      .select('t.slug')
      .where('b.badge', '=', 'teacher_of_the_day')
      .executeTakeFirstOrThrow();
    const page = (await get(`/v1/marketplace/teacherListings/slug/${slug}`)).json();
    expect(page.teacher.badges[0]).toMatchObject({
      kind: 'teacher_of_the_day',
      label: 'Teacher of the Day',
      meaning: expect.any(String),
      reason: expect.any(String),
    });
  });

  test('unknown teachers, and teachers with no active listing, are 404 TEACHER_NOT_FOUND', async () => {
    const unknown = await get('/v1/marketplace/teacherListings/slug/nobody-here-1');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'TEACHER_NOT_FOUND' });

    const teacher = await testApp.db
      .insertInto('teachers')
      .values({
        slug: 'unlisted-teacher-zz',
        name: 'Unlisted Teacher',
        bio: '',
        experience_years: 1,
        phone: '+919800000099',
        languages: ['English'],
        rating_avg: 0,
        rating_count: 0,
        main_category_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await get('/v1/marketplace/teacherListings/slug/unlisted-teacher-zz')).statusCode).toBe(404);
    await testApp.db.deleteFrom('teachers').where('id', '=', teacher.id).execute();

    const halfPoint = await get('/v1/marketplace/teacherListings/slug/nobody-here-1?lat=12.97');
    expect(halfPoint.statusCode).toBe(400);
  });
});
