import { shortlistMaxSize } from '@kalike/shared/contracts/teacher-listings';
import { wellKnownLearners } from '../../db/seed/accounts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { signIn } from '../../testing/sign-in';

const POINT = 'lat=12.9756&long=77.6066';

describe('shortlist', () => {
  let testApp: TestApp;
  let asha: string;
  let rahul: string;
  let listingIds: string[];

  beforeAll(async () => {
    testApp = await buildTestApp();
    asha = (await signIn(testApp.app, wellKnownLearners.asha.phone)).tokens.accessToken;
    rahul = (await signIn(testApp.app, wellKnownLearners.rahul.phone)).tokens.accessToken;
    const rows = await testApp.db.selectFrom('teacher_listings').select('id').where('is_active', '=', true).orderBy('id').execute();
    listingIds = rows.map((row) => row.id);
  });

  afterAll(async () => {
    await testApp.close();
  });

  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const add = (token: string, id: string) =>
    testApp.app.inject({ method: 'POST', url: '/v1/marketplace/teacherListings/shortlist', headers: as(token), payload: { teacherListingID: id } });
  const remove = (token: string, id: string) =>
    testApp.app.inject({ method: 'DELETE', url: `/v1/marketplace/teacherListings/unshortlist/${id}`, headers: as(token) });
  const list = async (token: string) => {
    const response = await testApp.app.inject({ method: 'GET', url: `/v1/marketplace/teacherListings/shortlist?${POINT}`, headers: as(token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    return response.json().listings as { id: string; mode: string; shortlistedAt: string; distanceMetres: number | null }[];
  };

  test('shortlisting is idempotent: twice is one entry and 200 both times', async () => {
    const [first = ''] = listingIds;
    for (let i = 0; i < 2; i++) {
      const response = await add(asha, first);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ teacherListingID: first, shortlisted: true });
    }
    const rows = await testApp.db.selectFrom('shortlists').selectAll().where('listing_id', '=', first).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.learner_account_id).toBe(wellKnownLearners.asha.accountId);
  });

  test('lists the newest first, as listing cards with distances', async () => {
    const [, second = '', third = ''] = listingIds;
    await add(asha, second);
    await add(asha, third);
    const listings = await list(asha);
    expect(listings.map((listing) => listing.id).slice(0, 2)).toEqual([third, second]);
    for (let i = 1; i < listings.length; i++) {
      expect(Date.parse(listings[i - 1]?.shortlistedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(listings[i]?.shortlistedAt ?? ''));
    }
    expect(listings.every((listing) => (listing.mode === 'online' ? listing.distanceMetres === null : Number.isInteger(listing.distanceMetres)))).toBe(true);
  });

  test("a learner never sees or removes another learner's entries", async () => {
    const [first = '', , , fourth = ''] = listingIds;
    expect(await list(rahul)).toEqual([]);
    const removed = await remove(rahul, first);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ teacherListingID: first, shortlisted: false });
    expect((await list(asha)).map((listing) => listing.id)).toContain(first);

    await add(rahul, fourth);
    expect((await list(rahul)).map((listing) => listing.id)).toEqual([fourth]);
    expect((await list(asha)).map((listing) => listing.id)).not.toContain(fourth);
  });

  test('removing is idempotent', async () => {
    const [first = ''] = listingIds;
    for (let i = 0; i < 2; i++) {
      const response = await remove(asha, first);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ teacherListingID: first, shortlisted: false });
    }
    expect((await list(asha)).map((listing) => listing.id)).not.toContain(first);
  });

  test('unknown and inactive listings are 404 LISTING_NOT_FOUND', async () => {
    const unknown = await add(asha, '00000000-0000-4000-8000-00000000dead');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'LISTING_NOT_FOUND' });
    const inactive = await testApp.db.selectFrom('teacher_listings').select('id').where('is_active', '=', false).executeTakeFirstOrThrow();
    expect((await add(asha, inactive.id)).json()).toMatchObject({ code: 'LISTING_NOT_FOUND' });
  });

  test(`holds at most ${shortlistMaxSize} listings: one more is 409 SHORTLIST_FULL, a repeat is still fine`, async () => {
    const extra = Array.from({ length: shortlistMaxSize }, () => ({}));
    const inserted = await testApp.db
      .insertInto('teacher_listings')
      .values(
        extra.map(() => ({
          teacher_id: testApp.db.selectFrom('teachers').select('id').limit(1),
          category_id: testApp.db.selectFrom('categories').select('id').limit(1),
          title: 'Spare listing',
          locality_id: testApp.db.selectFrom('localities').select('id').limit(1),
          lat: 12.97,
          lng: 77.6,
          mode: 'online' as const,
          price_from_paise: 100,
          age_min: 5,
          age_max: 10,
          search_text: 'spare',
          review_state: 'live',
        })),
      )
      .returning('id')
      .execute();
    const kavya = (await signIn(testApp.app, wellKnownLearners.kavya.phone)).tokens.accessToken;
    for (const row of inserted) expect((await add(kavya, row.id)).statusCode).toBe(200);
    const full = await add(kavya, listingIds[0] ?? '');
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'SHORTLIST_FULL' });
    expect((await add(kavya, inserted[0]?.id ?? '')).statusCode).toBe(200);
    expect(await list(kavya)).toHaveLength(shortlistMaxSize);
  });

  test('needs a signed-in learner', async () => {
    const anonymous = await testApp.app.inject({ method: 'GET', url: `/v1/marketplace/teacherListings/shortlist?${POINT}` });
    expect(anonymous.statusCode).toBe(401);

    const teacherUser = await testApp.db.selectFrom('users').select('phone').where('user_type', '=', 'Teacher').orderBy('phone').executeTakeFirstOrThrow();
    const teacher = (await signIn(testApp.app, teacherUser.phone)).tokens.accessToken;
    const forbidden = await testApp.app.inject({ method: 'GET', url: `/v1/marketplace/teacherListings/shortlist?${POINT}`, headers: as(teacher) });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await add(teacher, listingIds[0] ?? '')).statusCode).toBe(403);
  });

  test('rejects a missing point, a malformed id and extra body fields', async () => {
    const noPoint = await testApp.app.inject({ method: 'GET', url: '/v1/marketplace/teacherListings/shortlist', headers: as(asha) });
    expect(noPoint.statusCode).toBe(400);
    expect((await remove(asha, 'not-a-uuid')).statusCode).toBe(400);
    const extra = await testApp.app.inject({
      method: 'POST',
      url: '/v1/marketplace/teacherListings/shortlist',
      headers: as(asha),
      payload: { teacherListingID: listingIds[0], learnerAccountId: wellKnownLearners.rahul.accountId },
    });
    expect(extra.statusCode).toBe(400);
  });
});
