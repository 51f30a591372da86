import type { TeacherListings } from '@kalike/shared/contracts/listing-authoring';
import { sql } from 'kysely';
import { refreshListingSummary } from '../../db/listing-filters';
import { expectError } from '../../testing/enquiry-parties';
import { listingAuthors, type ListingAuthors, LISTINGS_URL as base, sampleProgram as program } from '../../testing/listing-authors';
import { changedTeacherSlugs, pageChangesCursor } from '../../testing/page-changes';

describe("a teacher's listings: started as drafts, read and edited only by their teacher", () => {
  const authors = listingAuthors();
  let testApp: ListingAuthors['testApp'];
  let teacher: ListingAuthors['teacher'];
  let otherTeacher: ListingAuthors['otherTeacher'];
  let learner: ListingAuthors['learner'];
  let teacherId: ListingAuthors['teacherId'];
  let categoryIds: ListingAuthors['categoryIds'];
  let locality: ListingAuthors['locality'];
  let apartment: ListingAuthors['apartment'];
  let freeCategory: ListingAuthors['freeCategory'];
  let newDraft: ListingAuthors['newDraft'];
  let completeDraft: ListingAuthors['completeDraft'];
  let makeLive: ListingAuthors['makeLive'];
  let listingRow: ListingAuthors['listingRow'];

  beforeAll(() => {
    ({ testApp, teacher, otherTeacher, learner, teacherId, categoryIds, locality, apartment, freeCategory, newDraft, completeDraft, makeLive, listingRow } =
      authors());
  });

  test('learners are refused; a teacher lists only their own listings', async () => {
    expectError(await learner('GET', base), 403, 'FORBIDDEN');
    expectError(await learner('POST', base, { categoryId: categoryIds[0], title: 'A listing', localityId: locality.id }), 403, 'FORBIDDEN');
    const response = await teacher('GET', base);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const own = await testApp.db.selectFrom('teacher_listings').select('id').where('teacher_id', '=', teacherId).execute();
    expect((response.json() as TeacherListings).items.map((item) => item.id).sort()).toEqual(own.map((row) => row.id).sort());
  });

  test('a draft is saved incomplete, is never active, and only its teacher reads or changes it', async () => {
    const listingId = await newDraft();
    const row = await listingRow(listingId);
    expect(row).toMatchObject({ review_state: 'draft', is_active: false, base_locality_id: locality.id, locality_id: locality.id, price_from_paise: 0 });
    const read = await teacher('GET', `${base}/${listingId}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ reviewState: 'draft', neverSubmitted: true, programs: [], batches: [], locality: { id: locality.id } });
    expect((read.json() as { missing: string[] }).missing).toEqual([
      'Add a program.',
      'Add a batch with its days, times and place.',
      'Add a class pack to a batch.',
    ]);
    const listed = (await teacher('GET', base)).json() as TeacherListings;
    expect(listed.items.find((item) => item.id === listingId)).toMatchObject({ reviewState: 'draft', counts: { programs: 0, batches: 0, classPacks: 0 } });

    expectError(await otherTeacher('GET', `${base}/${listingId}`), 404, 'LISTING_NOT_FOUND');
    expectError(await otherTeacher('PATCH', `${base}/${listingId}`, { about: 'Mine now' }), 404, 'LISTING_NOT_FOUND');
    expectError(await otherTeacher('POST', `${base}/${listingId}/programs`, program), 404, 'LISTING_NOT_FOUND');
    expectError(await otherTeacher('DELETE', `${base}/${listingId}`), 404, 'LISTING_NOT_FOUND');
    expectError(await otherTeacher('POST', `${base}/${listingId}/submit`), 404, 'LISTING_NOT_FOUND');
    expect((await listingRow(listingId)).about).toBe('Classical dance, taught slowly.');
  });

  test('one listing per subject; unknown subjects and localities are refused', async () => {
    const taken = (await testApp.db.selectFrom('teacher_listings').select('category_id').where('teacher_id', '=', teacherId).executeTakeFirstOrThrow())
      .category_id;
    expectError(await teacher('POST', base, { categoryId: taken, title: 'Another one', localityId: locality.id }), 409, 'LISTING_EXISTS');
    expectError(
      await teacher('POST', base, { categoryId: '00000000-0000-4000-8000-000000000000', title: 'Another one', localityId: locality.id }),
      400,
      'CATEGORY_NOT_FOUND',
    );
    expectError(
      await teacher('POST', base, { categoryId: await freeCategory(), title: 'Another one', localityId: '00000000-0000-4000-8000-000000000000' }),
      400,
      'LOCALITY_NOT_FOUND',
    );
    expectError(await teacher('POST', base, { categoryId: await freeCategory(), title: 'Ab', localityId: locality.id }), 400, 'VALIDATION_ERROR');
  });

  test('the listing’s summary follows its programs, batches and packs (refreshListingSummary)', async () => {
    const { listingId } = await completeDraft();
    const row = await listingRow(listingId);
    expect(row).toMatchObject({
      apartment_id: apartment.id,
      locality_id: apartment.locality_id,
      lat: apartment.lat,
      lng: apartment.lng,
      mode: 'apartment',
      price_from_paise: 130_000,
      age_min: 6,
      age_max: 12,
      base_locality_id: locality.id,
      day_mask: 0b1010,
      time_mask: 4,
    });
    expect(row.search_text).toContain('foundations');
    expect(row.search_text).toContain(apartment.name.toLowerCase());

    // Without an in-person batch it is found where the teacher is based, online.
    await sql`update batches set place = 'online', apartment_id = null, online_link = 'https://meet.example.com/x'
              where program_id in (select id from programs where listing_id = ${listingId})`.execute(testApp.db);
    await refreshListingSummary(testApp.db, [listingId]);
    expect(await listingRow(listingId)).toMatchObject({ apartment_id: null, locality_id: locality.id, lat: locality.lat, lng: locality.lng, mode: 'online' });
    await testApp.db.deleteFrom('teacher_listings').where('id', '=', listingId).execute();
  });

  test("a live listing's edits name the teacher in the page-change feed; a draft's do not", async () => {
    const { slug } = await testApp.db.selectFrom('teachers').select('slug').where('id', '=', teacherId).executeTakeFirstOrThrow();
    let cursor = await pageChangesCursor(testApp.app);
    const { listingId, batchId } = await completeDraft();
    expect((await teacher('PATCH', `${base}/${listingId}`, { about: 'Still a draft.' })).statusCode).toBe(200);
    expect(await changedTeacherSlugs(testApp.app, cursor)).toEqual([]);

    await makeLive(listingId);
    for (const [path, change] of [
      [`${base}/${listingId}`, { about: 'Now with a Saturday recital.' }],
      [`${base}/${listingId}/batches/${batchId}`, { seats: 10 }],
    ] as const) {
      cursor = await pageChangesCursor(testApp.app);
      expect((await teacher('PATCH', path, change)).statusCode).toBe(200);
      expect({ path, changed: await changedTeacherSlugs(testApp.app, cursor) }).toEqual({ path, changed: [slug] });
    }
  });
});
