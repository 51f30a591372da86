import { sql } from 'kysely';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';

/**
 * The seats a batch shows taken (publicly as "seats left", to the teacher on the register) are
 * the seed's real places in it, as the API keeps them: held, enrolled and active places.
 */
describe('seeded seats', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  test("every batch's seats taken are the places seeded in it", async () => {
    const rows = await testApp.db
      .selectFrom('batches as b')
      .select([
        'b.id',
        'b.capacity',
        'b.seats_taken',
        sql<number>`(select count(*) from batch_students bs where bs.batch_id = b.id and bs.status in ('held', 'enrolled', 'active'))::int`.as('places'),
      ])
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.seats_taken !== row.places)).toEqual([]);
  });

  test('a batch with nobody in it shows every seat free, and some batch still has somebody in it', async () => {
    const counts = await testApp.db
      .selectFrom('batches as b')
      .select([
        sql<number>`count(*) filter (where b.seats_taken = 0)::int`.as('empty'),
        sql<number>`count(*) filter (where b.seats_taken > 0)::int`.as('taken'),
      ])
      .executeTakeFirstOrThrow();
    expect(counts.empty).toBeGreaterThan(0);
    expect(counts.taken).toBeGreaterThan(0);
  });
});
