import { sql } from 'kysely';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createListingsRepository } from './listings.repository';

const MG_ROAD = { lat: 12.9756, lng: 77.6066 };

function haversineMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

describe('nearby listings (cube + earthdistance)', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  test('returns the listings nearest to MG Road, sorted by true distance', async () => {
    const nearby = await createListingsRepository(testApp.db).findNearby({ ...MG_ROAD, radiusM: 8_000, limit: 10 });
    expect(nearby.length).toBeGreaterThan(0);

    const coordinates = await testApp.db
      .selectFrom('teacher_listings')
      .select(['id', 'lat', 'lng'])
      .where('id', 'in', nearby.map((row) => row.id))
      .execute();
    const byId = new Map(coordinates.map((row) => [row.id, row]));
    let previous = 0;
    for (const row of nearby) {
      const distance = Number(row.distance_m);
      expect(distance).toBeGreaterThanOrEqual(previous);
      expect(distance).toBeLessThan(8_000);
      const point = byId.get(row.id);
      if (!point) throw new Error('listing vanished');
      // earthdistance uses a spherical earth too; allow for its slightly different radius.
      expect(Math.abs(distance - haversineMetres(MG_ROAD, point))).toBeLessThan(distance * 0.01 + 1);
      previous = distance;
    }

    // Nothing closer was skipped: the nearest result matches a brute-force scan.
    const all = await testApp.db.selectFrom('teacher_listings').select(['lat', 'lng']).where('is_active', '=', true).execute();
    const nearest = Math.min(...all.map((point) => haversineMetres(MG_ROAD, point)));
    expect(Math.abs(Number(nearby[0]?.distance_m) - nearest)).toBeLessThan(nearest * 0.01 + 1);
  });

  test('the query can be answered from the GiST index', async () => {
    const plan = await testApp.db.transaction().execute(async (trx) => {
      // The test seed is tiny, so the planner would rightly prefer a seq scan; forbid it.
      await sql`set local enable_seqscan = off`.execute(trx);
      const result = await sql<Record<string, string>>`
        explain select id from teacher_listings l
        where earth_box(ll_to_earth(${MG_ROAD.lat}::float8, ${MG_ROAD.lng}::float8), 5000::float8) @> ll_to_earth(l.lat, l.lng)
      `.execute(trx);
      return result.rows.map((row) => Object.values(row).join(' ')).join('\n');
    });
    expect(plan).toContain('teacher_listings_earth_idx');
  });

  test('trigram search text index supports fuzzy matches', async () => {
    const rows = await sql<{ id: string }>`
      select id from teacher_listings where search_text % ${'carnatic vocal clases'} limit 5
    `.execute(testApp.db);
    expect(Array.isArray(rows.rows)).toBe(true);
  });
});
