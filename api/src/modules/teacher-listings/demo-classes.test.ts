import { sql } from 'kysely';
import { buildTestApp, TEST_ANCHOR_DATE, type TestApp } from '../../testing/build-test-app';

const MG_ROAD = { lat: 12.97561, lng: 77.60664 };
const ORIGIN = { lat: 12.9756, lng: 77.6066 };
const NOW = new Date(`${TEST_ANCHOR_DATE}T04:00:00Z`);

describe('demo classes', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => NOW });
  });

  afterAll(async () => {
    await testApp.close();
  });

  const get = (url: string) => testApp.app.inject({ method: 'GET', url });

  test('are scheduled sessions within the window, of batches with seats, soonest first then nearest', async () => {
    const response = await get(`/v1/marketplace/demo-classes?lat=${MG_ROAD.lat}&long=${MG_ROAD.lng}&days=3&limit=50`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.origin).toEqual(ORIGIN);
    expect(body.demoClasses.length).toBeGreaterThan(0);
    const windowEnd = Date.parse('2025-06-05T00:00:00+05:30');
    const sessions = await testApp.db
      .selectFrom('class_sessions as s')
      .innerJoin('batches as b', 'b.id', 's.batch_id')
      .select(['s.id', 's.status', 'b.capacity', 'b.seats_taken'])
      .where(
        's.id',
        'in',
        body.demoClasses.map((demo: { sessionId: string }) => demo.sessionId),
      )
      .execute();
    const byId = new Map(sessions.map((session) => [session.id, session]));
    let previous: { at: number; distance: number } | null = null;
    for (const demo of body.demoClasses) {
      const at = Date.parse(demo.startsAt);
      expect(at).toBeGreaterThanOrEqual(NOW.getTime());
      expect(at).toBeLessThan(windowEnd);
      const session = byId.get(demo.sessionId);
      expect(session?.status).toBe('scheduled');
      expect((session?.capacity ?? 0) - (session?.seats_taken ?? 0)).toBe(demo.batch.seatsLeft);
      expect(demo.batch.seatsLeft).toBeGreaterThan(0);
      // Online classes have no distance and follow the in-person ones that start at the same time.
      const distance = demo.listing.mode === 'online' ? Number.POSITIVE_INFINITY : demo.listing.distanceMetres;
      if (demo.listing.mode !== 'online') expect(distance).toBeLessThanOrEqual(10_000);
      if (previous) {
        expect(at > previous.at || (at === previous.at && distance >= previous.distance - 1)).toBe(true);
      }
      previous = { at, distance };
    }

    // Nothing that qualifies is missing before the last one shown.
    const expected = await sql<{ count: number }>`
      select count(*)::int as count from class_sessions s
      join batches b on b.id = s.batch_id join programs p on p.id = b.program_id join teacher_listings l on l.id = p.listing_id
      where s.status = 'scheduled' and s.starts_at >= ${NOW.toISOString()}::timestamptz and s.starts_at < '2025-06-05T00:00:00+05:30'
        and b.seats_taken < b.capacity and l.is_active
        and earth_distance(ll_to_earth(${ORIGIN.lat}, ${ORIGIN.lng}), ll_to_earth(l.lat, l.lng)) <= 10000
    `.execute(testApp.db);
    expect(body.demoClasses).toHaveLength(Math.min(50, expected.rows[0]?.count ?? 0));
  });

  test('narrow to a category', async () => {
    const body = (await get(`/v1/marketplace/demo-classes?lat=${MG_ROAD.lat}&long=${MG_ROAD.lng}&days=14&category=carnatic-vocal`)).json();
    for (const demo of body.demoClasses) expect(demo.listing.category.slug).toBe('carnatic-vocal');
  });
});
