import { sql } from 'kysely';
import { refreshListingFilters } from '../../db/listing-filters';
import { buildTestApp, TEST_ANCHOR_DATE, type TestApp } from '../../testing/build-test-app';
import { activeListingFacts, haversineMetres, nearestFirstFrom, timeOfDay, type ListingFact } from '../../testing/marketplace-facts';

const MG_ROAD = { lat: 12.97561, lng: 77.60664 };
const ORIGIN = { lat: 12.9756, lng: 77.6066 };
const NOW = new Date(`${TEST_ANCHOR_DATE}T04:00:00Z`);

interface Card {
  id: string;
  teacher: { id: string; slug: string; badges: string[]; rating: { average: number } };
  category: { slug: string };
  mode: string;
  location: { lat: number; lng: number };
  priceFromPaise: number;
  ageRange: { min: number; max: number };
  distanceMetres: number | null;
  nextBatchStartsOn: string | null;
  seatsLeft: number;
  path: string;
}

describe('marketplace listings and search', () => {
  let testApp: TestApp;
  let facts: ListingFact[];
  let factById: Map<string, ListingFact>;

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => NOW });
    facts = await activeListingFacts(testApp.db);
    factById = new Map(facts.map((fact) => [fact.id, fact]));
  });

  afterAll(async () => {
    await testApp.close();
  });

  const get = (url: string) => testApp.app.inject({ method: 'GET', url });
  const distanceOf = (fact: ListingFact) => haversineMetres(ORIGIN, fact);

  async function walk(path: string, query: string): Promise<{ cards: Card[]; pages: number }> {
    const cards: Card[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await get(`${path}?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      cards.push(...body.listings);
      cursor = body.nextCursor;
      pages++;
      expect(pages).toBeLessThan(200);
    } while (cursor);
    return { cards, pages };
  }

  const byDistanceThenId = (a: ListingFact, b: ListingFact) => distanceOf(a) - distanceOf(b) || (a.id < b.id ? -1 : 1);
  const nearestFirst = nearestFirstFrom(ORIGIN);
  const expectedOrder: Record<string, (a: ListingFact, b: ListingFact) => number> = {
    distance: nearestFirst,
    rating: (a, b) => b.rating - a.rating || byDistanceThenId(a, b),
    price_low: (a, b) => a.pricePaise - b.pricePaise || byDistanceThenId(a, b),
    price_high: (a, b) => b.pricePaise - a.pricePaise || byDistanceThenId(a, b),
  };

  describe('category listings', () => {
    test('lists a category nearest first, by id or slug, with distances that match an independent haversine', async () => {
      const busiest = await testApp.db
        .selectFrom('categories as c')
        .innerJoin('teacher_listings as l', 'l.category_id', 'c.id')
        .select(['c.id', 'c.slug', 'c.name'])
        .where('l.is_active', '=', true)
        .groupBy('c.id')
        .orderBy(sql`count(*)`, 'desc')
        .orderBy('c.slug')
        .executeTakeFirstOrThrow();
      const category = { id: busiest.id, slug: busiest.slug, name: busiest.name };
      const bySlug = await get(`/v1/marketplace/categories/${category.slug}/teacherListings?lat=${MG_ROAD.lat}&long=${MG_ROAD.lng}&limit=50`);
      expect(bySlug.statusCode).toBe(200);
      const body = bySlug.json();
      expect(body.origin).toEqual(ORIGIN);
      expect(body.category).toEqual(category);

      const expected = facts.filter((fact) => fact.categorySlug === category.slug && distanceOf(fact) <= 25_000).sort(nearestFirst);
      expect(body.listings.map((card: Card) => card.id)).toEqual(expected.map((fact) => fact.id));
      expect(expected.length).toBeGreaterThan(1);
      for (const card of body.listings as Card[]) {
        if (card.mode === 'online') expect(card.distanceMetres).toBeNull();
        else expect(Math.abs((card.distanceMetres ?? -1) - distanceOf(factById.get(card.id) as ListingFact))).toBeLessThanOrEqual(1);
        expect(card.category.slug).toBe(category.slug);
        // Locations are rounded to 3 decimals so home tutors' addresses stay private.
        expect(card.location.lat).toBe(Math.round(card.location.lat * 1000) / 1000);
        expect(card.path).toBe(`/discover/bengaluru/${category.slug}/teachers/${card.teacher.slug}`);
      }

      const byId = await get(`/v1/marketplace/categories/${category.id}/teacherListings?lat=${MG_ROAD.lat}&long=${MG_ROAD.lng}&limit=50`);
      expect(byId.json().listings).toEqual(body.listings);
    });

    test('cards carry the next batch date (today or later) and the seats left, computed from batches', async () => {
      const response = await get(`/v1/marketplace/teacherListings/search?lat=${ORIGIN.lat}&long=${ORIGIN.lng}&limit=50`);
      const cards: Card[] = response.json().listings;
      const stats = await sql<{ listing_id: string; next_on: string | null; seats: number }>`
        select p.listing_id,
               to_char(min(b.starts_on) filter (where b.starts_on >= ${TEST_ANCHOR_DATE}::date), 'YYYY-MM-DD') as next_on,
               sum(b.capacity - b.seats_taken)::int as seats
        from programs p join batches b on b.program_id = p.id group by p.listing_id
      `.execute(testApp.db);
      const byListing = new Map(stats.rows.map((row) => [row.listing_id, row]));
      expect(cards.some((card) => card.nextBatchStartsOn !== null)).toBe(true);
      for (const card of cards) {
        expect(card.nextBatchStartsOn).toBe(byListing.get(card.id)?.next_on ?? null);
        expect(card.seatsLeft).toBe(byListing.get(card.id)?.seats ?? 0);
      }
    });

    test('answers 404 CATEGORY_NOT_FOUND for an unknown category', async () => {
      const response = await get(`/v1/marketplace/categories/underwater-basket-weaving/teacherListings?lat=12.97&long=77.6`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404, code: 'CATEGORY_NOT_FOUND' });
    });

    test.each(['distance', 'rating', 'price_low', 'price_high'])(
      'walking every page sorted by %s returns each listing exactly once, in the same order as one big page',
      async (sort) => {
        const query = `lat=${ORIGIN.lat}&long=${ORIGIN.lng}&sort=${sort}`;
        const { cards, pages } = await walk('/v1/marketplace/teacherListings/search', `${query}&limit=7`);
        const expected = facts.filter((fact) => distanceOf(fact) <= 25_000).sort(expectedOrder[sort]);
        expect(cards.map((card) => card.id)).toEqual(expected.map((fact) => fact.id));
        expect(pages).toBe(Math.ceil(expected.length / 7));

        const big = await get(`/v1/marketplace/teacherListings/search?${query}&limit=50`);
        expect(big.json().listings.map((card: Card) => card.id)).toEqual(expected.slice(0, 50).map((fact) => fact.id));

        const busiest = facts.reduce<Record<string, number>>((counts, fact) => ({ ...counts, [fact.categorySlug]: (counts[fact.categorySlug] ?? 0) + 1 }), {});
        const [slug] = Object.entries(busiest).sort((a, b) => b[1] - a[1])[0] as [string, number];
        const inCategory = await walk(`/v1/marketplace/categories/${slug}/teacherListings`, `${query}&limit=1`);
        expect(inCategory.cards.map((card) => card.id)).toEqual(expected.filter((fact) => fact.categorySlug === slug).map((fact) => fact.id));
      },
    );

    test('pages never repeat or skip listings that share a location (apartment classes)', async () => {
      const shared = facts
        .filter((fact) => fact.apartmentId)
        .reduce<Map<string, number>>((counts, fact) => counts.set(`${fact.lat},${fact.lng}`, (counts.get(`${fact.lat},${fact.lng}`) ?? 0) + 1), new Map());
      const { cards } = await walk('/v1/marketplace/teacherListings/search', `lat=${ORIGIN.lat}&long=${ORIGIN.lng}&limit=1&radiusKm=50`);
      expect(new Set(cards.map((card) => card.id)).size).toBe(cards.length);
      expect(cards).toHaveLength(facts.length);
      expect([...shared.values()].some((count) => count > 1) || shared.size > 0).toBe(true);
    });

    const filterCases: [string, string, (fact: ListingFact) => boolean][] = [
      ['mode', 'mode=at_home,online', (fact) => ['at_home', 'online'].includes(fact.mode)],
      ['price range', 'minPricePaise=300000&maxPricePaise=450000', (fact) => fact.pricePaise >= 300_000 && fact.pricePaise <= 450_000],
      ['days', 'days=6,7', (fact) => fact.days.has(6) || fact.days.has(7)],
      ['times', 'times=morning', (fact) => fact.startTimes.some((start) => timeOfDay(start) === 'morning')],
      ['age', 'age=7', (fact) => fact.ageMin <= 7 && fact.ageMax >= 7],
      ['badges', 'badges=verified', (fact) => fact.badges.has('verified')],
      ['two badges', 'badges=super_teacher,verified', (fact) => fact.badges.has('super_teacher') && fact.badges.has('verified')],
      ['radius', 'radiusKm=4', () => true],
      [
        'everything at once',
        'mode=at_home,at_centre&days=1,3,5&times=evening&age=10&radiusKm=20',
        (fact) =>
          ['at_home', 'at_centre'].includes(fact.mode) &&
          [1, 3, 5].some((day) => fact.days.has(day)) &&
          fact.startTimes.some((start) => timeOfDay(start) === 'evening') &&
          fact.ageMin <= 10 &&
          fact.ageMax >= 10,
      ],
    ];

    test.each(filterCases)('filters by %s: every returned row matches and nothing that matches is missing', async (_name, query, matches) => {
      const radiusM = Number(/radiusKm=(\d+)/.exec(query)?.[1] ?? 25) * 1000;
      const { cards } = await walk('/v1/marketplace/teacherListings/search', `lat=${ORIGIN.lat}&long=${ORIGIN.lng}&limit=9&${query}`);
      const expected = facts.filter((fact) => matches(fact) && distanceOf(fact) <= radiusM).sort(nearestFirst);
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(facts.length);
      expect(cards.map((card) => card.id)).toEqual(expected.map((fact) => fact.id));
      for (const card of cards) expect(card.distanceMetres ?? 0).toBeLessThanOrEqual(radiusM);
    });

    test('the filter columns the seed wrote agree with batches, badges and ratings recomputed in SQL', async () => {
      const before = await testApp.db
        .selectFrom('teacher_listings')
        .select(['id', 'day_mask', 'time_mask', 'badge_mask', 'teacher_rating_avg'])
        .orderBy('id')
        .execute();
      await testApp.db.transaction().execute(async (trx) => {
        await refreshListingFilters(trx);
        const after = await trx
          .selectFrom('teacher_listings')
          .select(['id', 'day_mask', 'time_mask', 'badge_mask', 'teacher_rating_avg'])
          .orderBy('id')
          .execute();
        expect(after).toEqual(before);
      });
    });
  });

  describe('search', () => {
    const search = (query: string) => get(`/v1/marketplace/teacherListings/search?lat=${ORIGIN.lat}&long=${ORIGIN.lng}&${query}`);

    test('tolerates typos in a category name and suggests the category', async () => {
      const response = await search('q=carnatik%20vocel&limit=50');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.query).toBe('carnatik vocel');
      expect(body.suggestedCategories[0]).toMatchObject({ slug: 'carnatic-vocal' });
      const carnatic = facts.filter((fact) => fact.categorySlug === 'carnatic-vocal' && distanceOf(fact) <= 25_000);
      const ids = body.listings.map((card: Card) => card.id);
      // Listings that match both words come before those matching one, nearest first within each.
      expect(ids.slice(0, carnatic.length).sort()).toEqual(carnatic.map((fact) => fact.id).sort());
    });

    test.each(['distance', 'price_high'])('pages of a two-word search sorted by %s: both words first, no repeats or gaps', async (sort) => {
      const words = (fact: ListingFact) => new Set(fact.searchText.split(/[^a-z0-9]+/));
      // A subject and another listing word that some listing has both of, so all three tiers are
      // exercised. (A locality would be read as where to look, not as a word.)
      const subjects = [...new Set(facts.map((fact) => fact.categorySlug.split('-')[0] ?? ''))].sort();
      const places = ['beginners', 'basics', 'grade', 'vocal', 'exam', 'preparation', 'foundations'];
      const [subject, place] = subjects
        .flatMap((a) => places.map((b) => [a, b] as const))
        .find(([a, b]) => facts.filter((fact) => words(fact).has(a) && words(fact).has(b)).length >= 1) ?? ['', ''];
      expect(subject).not.toBe('');
      const query = `q=${subject}%20${place}&radiusKm=50&sort=${sort}`;
      const { cards } = await walk('/v1/marketplace/teacherListings/search', `lat=${ORIGIN.lat}&long=${ORIGIN.lng}&${query}&limit=2`);
      const missed = (fact: ListingFact) => (words(fact).has(subject) ? 0 : 1) + (words(fact).has(place) ? 0 : 1);
      const expected = facts.filter((fact) => missed(fact) < 2).sort((a, b) => missed(a) - missed(b) || expectedOrder[sort]?.(a, b) || 0);
      expect(expected.some((fact) => missed(fact) === 0)).toBe(true);
      expect(cards.map((card) => card.id)).toEqual(expected.map((fact) => fact.id));
    });

    test('finds a teacher by a misspelt name', async () => {
      const teacher = await testApp.db.selectFrom('teachers').select(['id', 'name']).orderBy('slug').executeTakeFirstOrThrow();
      const [first = '', last = ''] = teacher.name.split(' ');
      const typo = `${first.slice(0, -1)} ${last}`;
      const body = (await search(`q=${encodeURIComponent(typo)}&limit=50`)).json();
      expect(body.listings.map((card: Card) => card.teacher.id)).toContain(teacher.id);
    });

    test('a locality in the text is where to look: the category near it, nearest first from there', async () => {
      const body = (await search('q=koramangala&category=guitar&radiusKm=50&limit=50')).json();
      const koramangala = await testApp.db.selectFrom('localities').select(['lat', 'lng']).where('slug', '=', 'koramangala').executeTakeFirstOrThrow();
      expect(body.place).toEqual({ slug: 'koramangala', name: 'Koramangala', pincode: '560034' });
      expect(body.origin).toEqual({ lat: koramangala.lat, lng: koramangala.lng });
      const expected = facts
        .filter((fact) => fact.categorySlug === 'guitar' && haversineMetres(koramangala, fact) <= 50_000)
        .sort(nearestFirstFrom(koramangala));
      expect(body.listings.map((card: Card) => card.id)).toEqual(expected.map((fact) => fact.id));
    });

    test('a misspelt subject is answered with results and says how it was read; exact words can still be asked for', async () => {
      const read = (await search('q=gitar&limit=50')).json();
      expect(read.correctedQuery).toBe('guitar');
      // Guitar is what is shown, so it is not also offered as "Did you mean".
      expect(read.suggestedCategories.map((category: { slug: string }) => category.slug)).not.toContain('guitar');
      const guitar = facts.filter((fact) => fact.categorySlug === 'guitar' && distanceOf(fact) <= 25_000);
      expect(read.listings.map((card: Card) => card.id).sort()).toEqual(guitar.map((fact) => fact.id).sort());
      expect(guitar.length).toBeGreaterThan(0);

      const exact = (await search('q=gitar&exact=true&limit=50')).json();
      expect(exact.listings).toEqual([]);
      expect(exact.correctedQuery).toBeNull();
      expect(exact.suggestedCategories[0]).toMatchObject({ slug: 'guitar' });

      const typedRight = (await search('q=guitar%20560038&limit=50')).json();
      expect(typedRight.correctedQuery).toBeNull();
      expect(typedRight.listings.length).toBeGreaterThan(0);
      expect(typedRight.suggestedCategories.map((category: { slug: string }) => category.slug)).not.toContain('guitar');
    });

    test('transliterations meet: thabla is tabla, vina is veena', async () => {
      for (const [typed, slug] of [
        ['thabla', 'tabla'],
        ['vina', 'veena'],
      ] as const) {
        const body = (await search(`q=${typed}&radiusKm=50&limit=50`)).json();
        const expected = facts.filter((fact) => fact.categorySlug === slug);
        expect(body.listings.map((card: Card) => card.id).sort()).toEqual(expected.map((fact) => fact.id).sort());
      }
    });

    test('a pincode is where to look; an unknown one finds nothing rather than everything', async () => {
      const body = (await search('q=560038&limit=50')).json();
      expect(body.place).toEqual({ slug: 'indiranagar', name: 'Indiranagar', pincode: '560038' });
      expect(body.origin).toEqual({ lat: 12.9784, lng: 77.6408 });
      expect(body.listings.length).toBeGreaterThan(0);
      const unknown = (await search('q=560999&limit=50')).json();
      expect(unknown.place).toBeNull();
      expect(unknown.listings).toEqual([]);
    });

    test('empty or generic text lists everything near, nearest first', async () => {
      const everything = (await search('limit=50')).json();
      const generic = (await search('q=%20classes%20near%20me%20&limit=50')).json();
      expect(generic.query).toBe('classes near me');
      expect(everything.query).toBe('');
      expect(generic.listings.map((card: Card) => card.id)).toEqual(everything.listings.map((card: Card) => card.id));
      expect(everything.listings).toHaveLength(Math.min(50, facts.filter((fact) => distanceOf(fact) <= 25_000).length));
    });

    test.each([
      ['nonsense', 'zzqxv wqkjh'],
      ['SQL-looking text', "'; drop table teacher_listings; --"],
      ['LIKE wildcards', '%_\\'],
      ['a very long word', 'x'.repeat(100)],
    ])('%s is an ordinary 200, never an error', async (_name, text) => {
      const response = await search(`q=${encodeURIComponent(text)}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.query).toBe(text.trim());
      expect(Array.isArray(body.suggestedCategories)).toBe(true);
      if (_name !== 'SQL-looking text') expect(body.listings).toEqual([]);
      const stillThere = await testApp.db
        .selectFrom('teacher_listings')
        .select(sql<number>`count(*)::int`.as('count'))
        .executeTakeFirstOrThrow();
      expect(stillThere.count).toBeGreaterThan(0);
    });

    test('an unknown category slug is 404 CATEGORY_NOT_FOUND', async () => {
      const response = await search('q=guitar&category=no-such-thing');
      expect(response).toMatchObject({ statusCode: 404 });
      expect(response.json().code).toBe('CATEGORY_NOT_FOUND');
    });

    test('identical questions are answered from the shared cache, however the parameters are ordered', async () => {
      const first = await get(`/v1/marketplace/teacherListings/search?lat=12.93521&long=77.62449&q=violin&sort=rating`);
      const second = await get(`/v1/marketplace/teacherListings/search?sort=rating&q=violin&long=77.6245&lat=12.9352`);
      expect(first.headers['x-cache']).toBe('miss');
      expect(second.headers['x-cache']).toBe('hit');
      expect(second.body).toBe(first.body);
      expect(first.headers['cache-control']).toBe('public, max-age=60');
      expect(first.headers['content-type']).toMatch(/^application\/json/);

      // The very same URL again is answered before parsing, with the same headers and body.
      const third = await get(`/v1/marketplace/teacherListings/search?lat=12.93521&long=77.62449&q=violin&sort=rating`);
      expect(third.headers).toMatchObject({ 'x-cache': 'hit', 'cache-control': 'public, max-age=60' });
      expect(third.headers['content-type']).toMatch(/^application\/json/);
      expect(third.body).toBe(first.body);

      // Refused requests are never remembered.
      for (let i = 0; i < 2; i++) expect((await get('/v1/marketplace/teacherListings/search?lat=95&long=77.6')).statusCode).toBe(400);
    });
  });

  describe('bad parameters', () => {
    const base = '/v1/marketplace/teacherListings/search';
    test.each([
      ['missing lat', 'long=77.6', 'lat'],
      ['missing long', 'lat=12.97', 'long'],
      ['lat=95', 'lat=95&long=77.6', 'lat'],
      ['long outside Bengaluru', 'lat=12.97&long=80.27', 'long'],
      ['lat not a number', 'lat=north&long=77.6', 'lat'],
      ['limit=0', 'lat=12.97&long=77.6&limit=0', 'limit'],
      ['limit=1000', 'lat=12.97&long=77.6&limit=1000', 'limit'],
      ['limit=-5', 'lat=12.97&long=77.6&limit=-5', 'limit'],
      ['radiusKm=500', 'lat=12.97&long=77.6&radiusKm=500', 'radiusKm'],
      ['unknown sort', 'lat=12.97&long=77.6&sort=cheapest', 'sort'],
      ['unknown mode', 'lat=12.97&long=77.6&mode=boat', 'mode'],
      ['weekday 8', 'lat=12.97&long=77.6&days=8', 'days'],
      ['unknown parameter', 'lat=12.97&long=77.6&page=2', 'page'],
      ['q too long', `lat=12.97&long=77.6&q=${'a'.repeat(101)}`, 'q'],
      ['min price above max', 'lat=12.97&long=77.6&minPricePaise=500000&maxPricePaise=100000', 'minPricePaise'],
    ])('%s is 400 VALIDATION_ERROR naming the field', async (_name, query, field) => {
      const response = await get(`${base}?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ statusCode: 400, code: 'VALIDATION_ERROR', message: expect.stringContaining(field) });
    });

    test.each([
      ['garbage', 'not-a-cursor!'],
      ['empty JSON', Buffer.from('{}').toString('base64url')],
      ['wrong sort', Buffer.from(JSON.stringify(['rating', 0, '4.50', 1000, '00000000-0000-4000-8000-000000000001'])).toString('base64url')],
      ['bad id', Buffer.from(JSON.stringify(['distance', 0, null, 1000, "1' or '1'='1"])).toString('base64url')],
      ['negative distance', Buffer.from(JSON.stringify(['distance', 0, null, -1, '00000000-0000-4000-8000-000000000001'])).toString('base64url')],
    ])('a %s cursor is 400 INVALID_CURSOR', async (_name, cursor) => {
      const response = await get(`${base}?lat=12.97&long=77.6&cursor=${encodeURIComponent(cursor)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_CURSOR' });
    });

    test('a cursor from one sort is refused by another', async () => {
      const first = (await get(`${base}?lat=12.97&long=77.6&limit=2&sort=price_low`)).json();
      const response = await get(`${base}?lat=12.97&long=77.6&limit=2&sort=price_high&cursor=${first.nextCursor}`);
      expect(response.json()).toMatchObject({ code: 'INVALID_CURSOR' });
    });
  });

  test('pages stay exact when more listings share one point than a walk reads', async () => {
    const point = { lat: 12.9123, lng: 77.6321 };
    const category = await testApp.db.selectFrom('categories').select(['id', 'slug']).where('slug', '=', 'chess').executeTakeFirstOrThrow();
    const template = await testApp.db.selectFrom('teacher_listings').selectAll().where('is_active', '=', true).orderBy('id').executeTakeFirstOrThrow();
    const inserted = await testApp.db
      .insertInto('teacher_listings')
      .values(
        Array.from({ length: 45 }, (_, index) => ({
          teacher_id: template.teacher_id,
          category_id: category.id,
          title: `Chess club table ${index}`,
          locality_id: template.locality_id,
          lat: point.lat,
          lng: point.lng,
          mode: 'at_centre' as const,
          price_from_paise: 100_000 + (index % 3) * 50_000,
          age_min: 6,
          age_max: 14,
          search_text: 'chess club',
          review_state: 'live',
        })),
      )
      .returning('id')
      .execute();
    try {
      const origin = { lat: 12.9101, lng: 77.6301 };
      const rows = await testApp.db
        .selectFrom('teacher_listings')
        .select(['id', 'lat', 'lng'])
        .where('category_id', '=', category.id)
        .where('is_active', '=', true)
        .execute();
      const expected = rows
        .map((row) => ({ id: row.id, distance: haversineMetres(origin, row) }))
        .filter((row) => row.distance <= 25_000)
        .sort((a, b) => a.distance - b.distance || (a.id < b.id ? -1 : 1));
      for (const limit of [1, 5, 20]) {
        const { cards } = await walk(`/v1/marketplace/categories/chess/teacherListings`, `lat=${origin.lat}&long=${origin.lng}&limit=${limit}`);
        expect(cards.map((card) => card.id)).toEqual(expected.map((row) => row.id));
      }
    } finally {
      await testApp.db
        .deleteFrom('teacher_listings')
        .where(
          'id',
          'in',
          inserted.map((row) => row.id),
        )
        .execute();
    }
  });

  test('the nearest-first query walks the GiST index on the stored earth point', async () => {
    const plan = await testApp.db.transaction().execute(async (trx) => {
      // The test seed is tiny, so the planner would rightly prefer a seq scan; forbid it.
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_bitmapscan = off`.execute(trx);
      // Nor a full sort of the box: the point is that the index hands rows over nearest-first.
      await sql`set local enable_sort = off`.execute(trx);
      const result = await sql<Record<string, string>>`
        explain select id from teacher_listings l
        where l.is_active and earth_box(ll_to_earth(12.97, 77.6), 5000::float8) @> l.earth
        order by l.earth <-> ll_to_earth(12.97, 77.6) limit 20
      `.execute(trx);
      return result.rows.map((row) => Object.values(row).join(' ')).join('\n');
    });
    expect(plan).toContain('teacher_listings_earth_point_idx');
    expect(plan).toMatch(/Order By: \(\(?earth/);
  });
});
