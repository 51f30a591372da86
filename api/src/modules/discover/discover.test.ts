import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { activeListingFacts, haversineMetres, nearestFirstFrom, type ListingFact, type Point } from '../../testing/marketplace-facts';

const POINT = { lat: 12.9716, lng: 77.5946 };

interface Card {
  id: string;
  teacher: { id: string; badges: string[] };
  distanceMetres: number | null;
}

describe('discover home', () => {
  let testApp: TestApp;
  let facts: ListingFact[];
  let ratingCounts: Map<string, number>;
  let today = new Date('2026-11-29T03:30:00Z');

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => today });
    facts = await activeListingFacts(testApp.db);
    const teachers = await testApp.db.selectFrom('teachers').select(['id', 'rating_count']).execute();
    ratingCounts = new Map(teachers.map((teacher) => [teacher.id, Number(teacher.rating_count)]));
  });

  afterAll(async () => {
    await testApp.close();
  });

  const nearestWith = (badge: string) => facts.filter((fact) => fact.badges.has(badge) && haversineMetres(POINT, fact) <= 25_000).sort(nearestFirstFrom(POINT));

  test('a point with seven decimals is measured from, and cached as, the point rounded once', async () => {
    const fine = await testApp.app.inject({ method: 'GET', url: '/v1/marketplace/discover?lat=12.9716123&long=77.5945951' });
    const rounded = await testApp.app.inject({ method: 'GET', url: `/v1/marketplace/discover?lat=${POINT.lat}&long=${POINT.lng}` });
    expect(fine.statusCode).toBe(200);
    expect(fine.json().origin).toEqual(POINT);
    expect(fine.body).toBe(rounded.body);
  });

  test('answers every section in one response', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: `/v1/marketplace/discover?lat=${POINT.lat}&long=${POINT.lng}` });
    expect(response.statusCode).toBe(200);
    const home = response.json();
    expect(home.origin).toEqual(POINT);

    expect(home.teacherOfTheDay).not.toBeNull();

    for (const [section, badge] of [
      ['superTeachers', 'super_teacher'],
      ['verifiedTeachers', 'verified'],
    ] as const) {
      const cards: Card[] = home[section];
      expect(cards.length).toBeGreaterThan(0);
      expect(cards.length).toBeLessThanOrEqual(6);
      expect(new Set(cards.map((card) => card.teacher.id)).size).toBe(cards.length);
      // Nearest first, one listing per teacher: each teacher's nearest listing with the badge.
      const seen = new Set<string>();
      const expected = nearestWith(badge)
        .filter((fact) => !seen.has(fact.teacherId) && seen.add(fact.teacherId))
        .slice(0, 6);
      expect(cards.map((card) => card.id)).toEqual(expected.map((fact) => fact.id));
      for (const card of cards) expect(card.teacher.badges).toContain(badge);
    }

    const counts = new Map<string, number>();
    for (const fact of facts.filter((f) => haversineMetres(POINT, f) <= 5_000)) counts.set(fact.categorySlug, (counts.get(fact.categorySlug) ?? 0) + 1);
    expect(home.popularCategories.length).toBeLessThanOrEqual(8);
    for (const category of home.popularCategories) expect(category.nearbyListingCount).toBe(counts.get(category.slug));
    const top = [...counts.values()].sort((a, b) => b - a).slice(0, 8);
    expect(home.popularCategories.map((c: { nearbyListingCount: number }) => c.nearbyListingCount)).toEqual(top);

    expect(home.nearbyApartments.length).toBeLessThanOrEqual(6);
    for (let i = 1; i < home.nearbyApartments.length; i++) {
      expect(home.nearbyApartments[i].distanceMetres).toBeGreaterThanOrEqual(home.nearbyApartments[i - 1].distanceMetres);
    }
  });

  describe('teacher of the day', () => {
    // Each call a new address for the same point: the memory of which answer an address got
    // lasts a minute of real time, and these tests move the clock on by days in between.
    let calls = 0;
    const home = async (point: Point) => {
      calls += 1;
      const [lat, long] = [point.lat.toFixed(4) + '0'.repeat(calls % 4), point.lng.toFixed(4) + '0'.repeat(Math.floor(calls / 4))];
      const response = await testApp.app.inject({ method: 'GET', url: `/v1/marketplace/discover?lat=${lat}&long=${long}` });
      expect(response.statusCode).toBe(200);
      return response.json() as { teacherOfTheDay: (Card & { teacher: { rating: { average: number; count: number } } }) | null };
    };
    /** Teachers rated 4.5 or more by at least 10 families, teaching in person within `metres` of the point. */
    const wellRatedWithin = (point: Point, metres: number) =>
      new Set(
        facts
          .filter(
            (fact) => fact.mode !== 'online' && fact.rating >= 4.5 && (ratingCounts.get(fact.teacherId) ?? 0) >= 10 && haversineMetres(point, fact) <= metres,
          )
          .map((fact) => fact.teacherId),
      );
    const atDay = (iso: string) => {
      today = new Date(iso);
    };

    test('is a well-rated teacher within 5 km, the same all day, and the others in turn on the days after', async () => {
      // Where most well-rated teachers teach within 5 km: at one of their own classes.
      const point = facts
        .map((fact) => ({ lat: Number(fact.lat.toFixed(4)), lng: Number(fact.lng.toFixed(4)) }))
        .reduce((best, candidate) => (wellRatedWithin(candidate, 5_000).size > wellRatedWithin(best, 5_000).size ? candidate : best), POINT);
      const near = wellRatedWithin(point, 5_000);
      expect(near.size).toBeGreaterThan(1);
      const chosen: string[] = [];
      for (let day = 0; day < near.size; day += 1) {
        atDay(`2026-12-${String(day + 1).padStart(2, '0')}T00:30:00+05:30`);
        const morning = (await home(point)).teacherOfTheDay!;
        atDay(`2026-12-${String(day + 1).padStart(2, '0')}T23:30:00+05:30`);
        const night = (await home(point)).teacherOfTheDay!;
        expect(night.id).toBe(morning.id);
        expect(near.has(morning.teacher.id)).toBe(true);
        expect(morning.distanceMetres).toBeLessThanOrEqual(5_000);
        expect(morning.teacher.rating.average).toBeGreaterThanOrEqual(4.5);
        expect(morning.teacher.rating.count).toBeGreaterThanOrEqual(10);
        chosen.push(morning.teacher.id);
      }
      // Every well-rated teacher near the point has their day.
      expect(new Set(chosen)).toEqual(near);
    });

    test('with nobody well rated within 5 km, is the nearest well-rated teacher the sections reach', async () => {
      // A point in Bengaluru with well-rated teachers between 5 and 25 km away but none nearer.
      const candidates: Point[] = [];
      for (let lat = 12.75; lat <= 13.2; lat += 0.02)
        for (let lng = 77.4; lng <= 77.8; lng += 0.02) candidates.push({ lat: Number(lat.toFixed(2)), lng: Number(lng.toFixed(2)) });
      const point = candidates.find((candidate) => wellRatedWithin(candidate, 5_000).size === 0 && wellRatedWithin(candidate, 25_000).size > 0);
      expect(point).toBeDefined();
      const nearest = facts.filter((fact) => fact.mode !== 'online' && wellRatedWithin(point!, 25_000).has(fact.teacherId)).sort(nearestFirstFrom(point!))[0]!;
      const { teacherOfTheDay } = await home(point!);
      expect(teacherOfTheDay?.id).toBe(nearest.id);
      expect(teacherOfTheDay!.distanceMetres).toBeGreaterThan(5_000);
    });
  });

  describe('search suggestions', () => {
    const suggest = async (q: string) => {
      const response = await testApp.app.inject({ method: 'GET', url: `/v1/marketplace/search-suggestions?q=${encodeURIComponent(q)}` });
      expect(response.statusCode).toBe(200);
      return response.json();
    };

    test('from the first letter: subjects, listed teachers and places starting with it', async () => {
      const body = await suggest('g');
      expect(body.subjects.map((subject: { slug: string }) => subject.slug)).toContain('guitar');
      expect(body.teachers.length).toBeGreaterThan(0);
      for (const teacher of body.teachers) {
        expect(teacher.name).toMatch(/(^|\s)g/i);
        expect(teacher.path).toMatch(/^\/discover\/bengaluru\/[a-z-]+\/teachers\//);
      }
      for (const place of body.places) expect(place.name).toMatch(/(^|\s)g/i);
    });

    test('everyday spellings and misspellings suggest the subject; pincodes suggest the place', async () => {
      expect((await suggest('bharath')).subjects[0]).toMatchObject({ slug: 'bharatanatyam' });
      expect((await suggest('thab')).subjects.map((subject: { slug: string }) => subject.slug)).toContain('tabla');
      expect((await suggest('gitar')).subjects[0]).toMatchObject({ slug: 'guitar' });
      expect((await suggest('56003')).places.map((place: { pincode: string }) => place.pincode)).toContain('560038');
      expect((await suggest('%_')).subjects).toEqual([]);
    });

    test('empty or overlong text is a 400 with a code', async () => {
      for (const q of ['', 'x'.repeat(61)]) {
        const response = await testApp.app.inject({ method: 'GET', url: `/v1/marketplace/search-suggestions?q=${q}` });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      }
    });
  });

  test('with nobody nearby the sections are empty, not errors', async () => {
    const far = await testApp.app.inject({ method: 'GET', url: '/v1/marketplace/discover?lat=12.61&long=77.21' });
    expect(far.statusCode).toBe(200);
    expect(far.json()).toMatchObject({ teacherOfTheDay: null, superTeachers: [], verifiedTeachers: [], popularCategories: [] });
  });

  test('needs a point in Bengaluru', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/v1/marketplace/discover?lat=12.97' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('long') });
  });
});
