import { sql, type Kysely } from 'kysely';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { down, up } from './0045-listing-point-precision';

describe("migration 0045: whether a listing's point is only its locality's centre", () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  it("marks listings on a locality's centre point, and takes only exact or locality", async () => {
    const [onCentre, elsewhere] = await testApp.db.selectFrom('teacher_listings').select('id').orderBy('id').limit(2).execute();
    const locality = await testApp.db.selectFrom('localities').select(['lat', 'lng']).orderBy('slug').executeTakeFirstOrThrow();
    await testApp.db.updateTable('teacher_listings').set({ lat: locality.lat, lng: locality.lng }).where('id', '=', onCentre!.id).execute();
    await testApp.db
      .updateTable('teacher_listings')
      .set({ lat: locality.lat + 0.0031, lng: locality.lng + 0.0017 })
      .where('id', '=', elsewhere!.id)
      .execute();

    const untyped = testApp.db as unknown as Kysely<unknown>;
    await down(untyped);
    await up(untyped);
    const precisions = await testApp.db
      .selectFrom('teacher_listings')
      .select(['id', 'point_precision'])
      .where('id', 'in', [onCentre!.id, elsewhere!.id])
      .execute();
    expect(Object.fromEntries(precisions.map((row) => [row.id, row.point_precision]))).toEqual({ [onCentre!.id]: 'locality', [elsewhere!.id]: 'exact' });
    await expect(sql`update teacher_listings set point_precision = 'street' where id = ${onCentre!.id}`.execute(testApp.db)).rejects.toThrow();
  });
});
