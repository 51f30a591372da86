import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { activeListingFacts, haversineMetres, nearestFirstFrom, type ListingFact } from '../../testing/marketplace-facts';

const POINT = { lat: 12.9716, lng: 77.5946 };

interface Card {
  id: string;
  teacher: { id: string; badges: string[] };
  distanceMetres: number | null;
}

describe('discover home', () => {
  let testApp: TestApp;
  let facts: ListingFact[];

  beforeAll(async () => {
    testApp = await buildTestApp();
    facts = await activeListingFacts(testApp.db);
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

    expect(home.teacherOfTheDay?.id).toBe(nearestWith('teacher_of_the_day')[0]?.id);
    expect(home.teacherOfTheDay.teacher.badges).toContain('teacher_of_the_day');

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
