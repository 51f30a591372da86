import type { AuthoringResult, TeacherListings } from '@kalike/shared/contracts/listing-authoring';
import { sql } from 'kysely';
import { refreshListingSummary } from '../../db/listing-filters';
import { seedPhones, wellKnownLearners, wellKnownTeacher } from '../../db/seed/accounts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { caller } from '../../testing/enquiry-fixtures';
import { expectError, type Call } from '../../testing/enquiry-parties';
import { changedTeacherSlugs, pageChangesCursor } from '../../testing/page-changes';
import { PAYMENT_TEST_NOW } from '../../testing/payment-fixtures';
import { signIn } from '../../testing/sign-in';

// The clock: Monday 2 June 2025, 09:00 in Bengaluru.
const base = '/v1/teachers/me/listings';
const result = (response: { json: () => unknown }) => response.json() as AuthoringResult;

describe('a teacher writes a listing with programs, batches and class packs', () => {
  let testApp: TestApp;
  let teacher: Call;
  let otherTeacher: Call;
  let learner: Call;
  let teacherId: string;
  let categoryIds: string[];
  let locality: { id: string; name: string; lat: number; lng: number };
  let apartment: { id: string; name: string; lat: number; lng: number; locality_id: string };
  let otherApartment: { id: string };
  let address = 0;

  const signInAs = async (phone: string) => caller(testApp.app, (await signIn(testApp.app, phone, `10.8.0.${++address}`)).tokens.accessToken);

  /** A category the teacher has no listing in yet. */
  async function freeCategory(): Promise<string> {
    const taken = await testApp.db.selectFrom('teacher_listings').select('category_id').where('teacher_id', '=', teacherId).execute();
    const id = categoryIds.find((candidate) => !taken.some((row) => row.category_id === candidate));
    if (!id) throw new Error('No category left');
    return id;
  }

  async function newDraft(title = 'Bharatanatyam for beginners'): Promise<string> {
    const response = await teacher('POST', base, {
      categoryId: await freeCategory(),
      title,
      about: 'Classical dance, taught slowly.',
      localityId: locality.id,
    });
    expect(response.statusCode).toBe(201);
    return result(response).listing.id;
  }

  const program = { name: 'Foundations', level: 'beginner', description: 'Adavus and rhythm', ageMin: 6, ageMax: 12, mode: 'apartment' };
  const batch = (programId: string, overrides: object = {}) => ({
    programId,
    daysOfWeek: [2, 4],
    startTime: '17:00',
    endTime: '18:00',
    startsOn: '2025-06-10',
    seats: 8,
    place: { kind: 'apartment', apartmentId: apartment.id },
    ...overrides,
  });

  /** A draft with a program, an apartment batch and two packs. */
  async function completeDraft(): Promise<{ listingId: string; programId: string; batchId: string; planIds: string[] }> {
    const listingId = await newDraft();
    const withProgram = result(await teacher('POST', `${base}/${listingId}/programs`, program));
    const programId = withProgram.listing.programs[0]!.id;
    const withBatch = result(await teacher('POST', `${base}/${listingId}/batches`, batch(programId)));
    const batchId = withBatch.listing.batches[0]!.id;
    await teacher('POST', `${base}/${listingId}/plans`, { batchId, name: '8 classes', classesCount: 8, validityDays: 35, pricePaise: 240_000 });
    const last = result(
      await teacher('POST', `${base}/${listingId}/plans`, { batchId, name: '4 classes', classesCount: 4, validityDays: 30, pricePaise: 130_000 }),
    );
    return { listingId, programId, batchId, planIds: last.listing.batches[0]!.plans.map((plan) => plan.id) };
  }

  /** What an admin's approval does to the listing row (the admin's endpoints are tested with them). */
  const makeLive = (listingId: string) =>
    testApp.db.updateTable('teacher_listings').set({ review_state: 'live', is_active: true }).where('id', '=', listingId).execute();

  const listingRow = (listingId: string) => testApp.db.selectFrom('teacher_listings').selectAll().where('id', '=', listingId).executeTakeFirstOrThrow();

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => PAYMENT_TEST_NOW });
    const user = await testApp.db.selectFrom('users').select('teacher_id').where('phone', '=', wellKnownTeacher.phone).executeTakeFirstOrThrow();
    teacherId = user.teacher_id ?? '';
    categoryIds = (await testApp.db.selectFrom('categories').select('id').orderBy('sort_order').execute()).map((row) => row.id);
    locality = await testApp.db.selectFrom('localities').select(['id', 'name', 'lat', 'lng']).orderBy('slug').executeTakeFirstOrThrow();
    const apartments = await testApp.db.selectFrom('apartments').select(['id', 'name', 'lat', 'lng', 'locality_id']).orderBy('slug').limit(2).execute();
    apartment = apartments[0]!;
    otherApartment = apartments[1]!;
    teacher = await signInAs(wellKnownTeacher.phone);
    otherTeacher = await signInAs(seedPhones.teacher(1));
    learner = await signInAs(wellKnownLearners.asha.phone);
  });

  afterAll(async () => {
    await testApp.close();
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

  test('programs keep their ages in order', async () => {
    const listingId = await newDraft();
    expectError(await teacher('POST', `${base}/${listingId}/programs`, { ...program, ageMin: 12, ageMax: 6 }), 400, 'VALIDATION_ERROR');
    expectError(await teacher('POST', `${base}/${listingId}/programs`, { ...program, level: 'expert' }), 400, 'VALIDATION_ERROR');
    const added = await teacher('POST', `${base}/${listingId}/programs`, program);
    expect(added.statusCode).toBe(200);
    expect(result(added).listing.programs).toEqual([
      expect.objectContaining({ name: 'Foundations', ageMin: 6, ageMax: 12, mode: 'apartment', level: 'beginner' }),
    ]);
    const programId = result(added).listing.programs[0]!.id;
    expect(result(await teacher('PUT', `${base}/${listingId}/programs/${programId}`, { ...program, ageMax: 14 })).listing.programs[0]!.ageMax).toBe(14);
    await testApp.db.deleteFrom('teacher_listings').where('id', '=', listingId).execute();
  });

  test('batch rules: not in the past (IST), ends after it starts, last day after the first, a place that exists', async () => {
    const listingId = await newDraft();
    const programId = result(await teacher('POST', `${base}/${listingId}/programs`, program)).listing.programs[0]!.id;
    const url = `${base}/${listingId}/batches`;
    expectError(await teacher('POST', url, batch(programId, { startsOn: '2025-06-01' })), 400, 'BATCH_IN_PAST');
    // Today at 08:30 has passed at 09:00 in Bengaluru; today at 17:00 has not.
    expectError(await teacher('POST', url, batch(programId, { startsOn: '2025-06-02', startTime: '08:30', endTime: '09:30' })), 400, 'BATCH_IN_PAST');
    expectError(await teacher('POST', url, batch(programId, { startTime: '18:00', endTime: '17:00' })), 400, 'VALIDATION_ERROR');
    expectError(await teacher('POST', url, batch(programId, { endsOn: '2025-06-10' })), 400, 'VALIDATION_ERROR');
    expectError(await teacher('POST', url, batch(programId, { seats: 0 })), 400, 'VALIDATION_ERROR');
    expectError(
      await teacher('POST', url, batch(programId, { place: { kind: 'apartment', apartmentId: '00000000-0000-4000-8000-000000000000' } })),
      400,
      'APARTMENT_NOT_FOUND',
    );
    expectError(
      await teacher('POST', url, batch(programId, { place: { kind: 'online', onlineLink: 'http://meet.example.com/room' } })),
      400,
      'VALIDATION_ERROR',
    );
    expectError(
      await teacher('POST', url, batch(programId, { place: { kind: 'learner_home', localityId: locality.id, radiusKm: 40 } })),
      400,
      'VALIDATION_ERROR',
    );
    expectError(await teacher('POST', url, batch('00000000-0000-4000-8000-000000000000')), 404, 'PROGRAM_NOT_FOUND');

    const today = await teacher('POST', url, batch(programId, { startsOn: '2025-06-02', endsOn: '2025-08-29' }));
    expect(today.statusCode).toBe(200);
    expect(result(today).listing.batches[0]).toMatchObject({
      name: 'Tue & Thu, 5:00 PM',
      daysOfWeek: [2, 4],
      startsOn: '2025-06-02',
      endsOn: '2025-08-29',
      seats: 8,
      seatsTaken: 0,
    });
    expect(result(today).listing.batches[0]!.place).toEqual({
      place: { kind: 'apartment', apartmentId: apartment.id },
      label: expect.stringContaining(apartment.name),
    });

    const home = result(
      await teacher('POST', url, batch(programId, { daysOfWeek: [6], place: { kind: 'learner_home', localityId: locality.id, radiusKm: 5 } })),
    );
    expect(home.listing.batches[1]!.place.label).toBe(`Learners' homes within 5 km of ${locality.name}`);
    const centre = { kind: 'centre', localityId: locality.id, address: '12, 4th Cross, near the temple', lat: locality.lat + 0.001, lng: locality.lng };
    const atCentre = result(await teacher('POST', url, batch(programId, { daysOfWeek: [7], place: centre })));
    expect(atCentre.listing.batches[2]!.place.place).toEqual(centre);
    const online = result(
      await teacher('POST', url, batch(programId, { daysOfWeek: [1], place: { kind: 'online', onlineLink: 'https://meet.example.com/abc' } })),
    );
    expect(online.listing.batches[3]!.place.label).toBe('Online');
    await testApp.db.deleteFrom('teacher_listings').where('id', '=', listingId).execute();
  });

  test('a batch at the same time as another of the teacher’s is a warning, not an error', async () => {
    const { listingId, programId } = await completeDraft();
    const overlapping = await teacher('POST', `${base}/${listingId}/batches`, batch(programId, { daysOfWeek: [4, 6], startTime: '17:30', endTime: '18:30' }));
    expect(overlapping.statusCode).toBe(200);
    const ofThisListing = (warnings: AuthoringResult['warnings']) => warnings.filter((warning) => warning.message.includes('of Foundations'));
    expect(ofThisListing(result(overlapping).warnings)).toEqual([
      {
        code: 'BATCH_OVERLAP',
        message: "This batch meets at the same time as 'Tue & Thu, 5:00 PM' of Foundations (Tue, Thu, 5:00 pm–6:00 pm). Check you can teach both.",
      },
    ]);
    const apart = await teacher('POST', `${base}/${listingId}/batches`, batch(programId, { daysOfWeek: [4], startTime: '18:00', endTime: '19:00' }));
    expect(result(apart).warnings.filter((warning) => warning.message.includes('Tue & Thu, 5:00 PM'))).toEqual([]);
    // The same hours from the day after this batch's last day: no longer at the same time.
    const [first] = result(apart).listing.batches;
    await teacher('PATCH', `${base}/${listingId}/batches/${first!.id}`, { endsOn: '2025-08-31' });
    const after = await teacher(
      'POST',
      `${base}/${listingId}/batches`,
      batch(programId, { startsOn: '2025-09-01', daysOfWeek: [4], startTime: '17:15', endTime: '17:45' }),
    );
    expect(ofThisListing(result(after).warnings).filter((warning) => warning.message.includes("'Tue & Thu, 5:00 PM' of Foundations"))).toEqual([]);
    await testApp.db.deleteFrom('teacher_listings').where('id', '=', listingId).execute();
  });

  test('class pack prices in paise within bounds, and per class', async () => {
    const { listingId, batchId } = await completeDraft();
    const url = `${base}/${listingId}/plans`;
    expectError(await teacher('POST', url, { batchId, name: 'Cheap', classesCount: 4, validityDays: 30, pricePaise: 4_999 }), 400, 'VALIDATION_ERROR');
    expectError(await teacher('POST', url, { batchId, name: 'Dear', classesCount: 4, validityDays: 30, pricePaise: 10_000_001 }), 400, 'VALIDATION_ERROR');
    expectError(await teacher('POST', url, { batchId, name: 'Rupees', classesCount: 4, validityDays: 30, pricePaise: 1500.5 }), 400, 'VALIDATION_ERROR');
    const perClass = await teacher('POST', url, { batchId, name: 'Many', classesCount: 100, validityDays: 365, pricePaise: 10_000 });
    expectError(perClass, 400, 'PRICE_OUT_OF_BOUNDS');
    expect(perClass.json()).toMatchObject({ message: 'That is ₹1 a class; a class costs between ₹20 and ₹10,000.' });
    expectError(await teacher('POST', url, { batchId, name: 'Short', classesCount: 4, validityDays: 3, pricePaise: 100_000 }), 400, 'VALIDATION_ERROR');
    const plans = result(await teacher('GET', `${base}/${listingId}`).then((response) => ({ json: () => ({ listing: response.json() }) }))).listing.batches[0]!
      .plans;
    expect(plans.map((plan) => [plan.name, plan.pricePaise, plan.pricePerClassPaise])).toEqual([
      ['4 classes', 130_000, 32_500],
      ['8 classes', 240_000, 30_000],
    ]);
    const changed = await teacher('PATCH', `${base}/${listingId}/plans/${plans[0]!.id}`, { pricePaise: 150_000 });
    expect(result(changed)).toMatchObject({ held: false });
    expect(result(changed).listing.batches[0]!.plans[0]).toMatchObject({ pricePaise: 150_000, heldPricePaise: null });
    await testApp.db.deleteFrom('teacher_listings').where('id', '=', listingId).execute();
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

  test('send for review: complete only; read-only while waiting; withdraw; a sent draft is not deleted', async () => {
    const incomplete = await newDraft();
    const refused = await teacher('POST', `${base}/${incomplete}/submit`);
    expectError(refused, 409, 'LISTING_INCOMPLETE');
    expect(refused.json()).toMatchObject({ message: expect.stringContaining('Add a program.') });
    expect((await teacher('DELETE', `${base}/${incomplete}`)).statusCode).toBe(204);
    expect(await testApp.db.selectFrom('teacher_listings').select('id').where('id', '=', incomplete).executeTakeFirst()).toBeUndefined();

    const { listingId, programId } = await completeDraft();
    const sent = await teacher('POST', `${base}/${listingId}/submit`);
    expect(sent.statusCode).toBe(200);
    expect(result(sent).listing).toMatchObject({ reviewState: 'in_review', neverSubmitted: false });
    expect(await listingRow(listingId)).toMatchObject({ review_state: 'in_review', is_active: false });
    expectError(await teacher('POST', `${base}/${listingId}/submit`), 409, 'INVALID_TRANSITION');
    const readOnly = await teacher('PATCH', `${base}/${listingId}`, { about: 'Changed while waiting' });
    expectError(readOnly, 409, 'LISTING_IN_REVIEW');
    expect(readOnly.json()).toMatchObject({ message: expect.stringContaining('Withdraw it to edit') });
    expectError(await teacher('POST', `${base}/${listingId}/programs`, program), 409, 'LISTING_IN_REVIEW');
    expectError(await teacher('POST', `${base}/${listingId}/batches`, batch(programId, { daysOfWeek: [1] })), 409, 'LISTING_IN_REVIEW');

    const withdrawn = await teacher('POST', `${base}/${listingId}/withdraw`);
    expect(result(withdrawn).listing.reviewState).toBe('draft');
    expectError(await teacher('POST', `${base}/${listingId}/withdraw`), 409, 'INVALID_TRANSITION');
    expectError(await teacher('DELETE', `${base}/${listingId}`), 409, 'LISTING_NOT_DRAFT');
    expectError(await teacher('PATCH', `${base}/${listingId}`, { categoryId: await freeCategory() }), 409, 'LISTING_NOT_DRAFT');

    // Sent back by an admin: edited and sent again.
    await testApp.db
      .updateTable('teacher_listings')
      .set({ review_state: 'sent_back', review_note: 'Add the ages to the title' })
      .where('id', '=', listingId)
      .execute();
    const listed = (await teacher('GET', base)).json() as TeacherListings;
    expect(listed.items.find((item) => item.id === listingId)).toMatchObject({ reviewState: 'sent_back', reviewNote: 'Add the ages to the title' });
    expect((await teacher('PATCH', `${base}/${listingId}`, { title: 'Bharatanatyam, ages 6 to 12' })).statusCode).toBe(200);
    expect(result(await teacher('POST', `${base}/${listingId}/submit`)).listing.reviewState).toBe('in_review');
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

  test('a live listing: ordinary edits apply at once, a price or place waits for review, one pending change per thing', async () => {
    const { listingId, batchId, planIds } = await completeDraft();
    await makeLive(listingId);
    const [fourId] = planIds;

    const about = await teacher('PATCH', `${base}/${listingId}`, { about: 'Now with a Saturday recital.' });
    expect(result(about).held).toBe(false);
    expect((await listingRow(listingId)).about).toBe('Now with a Saturday recital.');
    expect(result(await teacher('PATCH', `${base}/${listingId}/batches/${batchId}`, { seats: 12 })).listing.batches[0]!.seats).toBe(12);

    const priced = await teacher('PATCH', `${base}/${listingId}/plans/${fourId}`, { pricePaise: 140_000 });
    expect(result(priced).held).toBe(true);
    await teacher('PATCH', `${base}/${listingId}/plans/${fourId}`, { pricePaise: 145_000 });
    const plan = await testApp.db.selectFrom('class_pack_plans').select('price_paise').where('id', '=', fourId!).executeTakeFirstOrThrow();
    expect(plan.price_paise).toBe(130_000);
    const pending = await testApp.db.selectFrom('listing_changes').selectAll().where('listing_id', '=', listingId).where('status', '=', 'pending').execute();
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ kind: 'plan_price', target_id: fourId });
    expect(typeof pending[0]!.proposed === 'string' ? JSON.parse(pending[0]!.proposed) : pending[0]!.proposed).toEqual({
      kind: 'plan_price',
      targetId: fourId,
      pricePaise: 145_000,
    });
    const seen = (await teacher('GET', `${base}/${listingId}`)).json() as AuthoringResult['listing'];
    expect(seen.batches[0]!.plans.find((candidate) => candidate.id === fourId)).toMatchObject({ pricePaise: 130_000, heldPricePaise: 145_000 });
    expect(seen.heldChanges).toEqual([expect.objectContaining({ kind: 'plan_price', before: '₹1,300', after: '₹1,450' })]);
    expect((await listingRow(listingId)).price_from_paise).toBe(130_000);

    // Back to the approved price: nothing waits.
    expect(result(await teacher('PATCH', `${base}/${listingId}/plans/${fourId}`, { pricePaise: 130_000 })).held).toBe(false);
    expect(
      await testApp.db.selectFrom('listing_changes').select('id').where('listing_id', '=', listingId).where('status', '=', 'pending').execute(),
    ).toHaveLength(0);

    const moved = await teacher('PATCH', `${base}/${listingId}/batches/${batchId}`, { place: { kind: 'apartment', apartmentId: otherApartment.id } });
    expect(result(moved).held).toBe(true);
    expect(result(moved).listing.batches[0]!.place.place).toEqual({ kind: 'apartment', apartmentId: apartment.id });
    expect(result(moved).listing.batches[0]!.heldPlace?.place).toEqual({ kind: 'apartment', apartmentId: otherApartment.id });
    expect((await listingRow(listingId)).apartment_id).toBe(apartment.id);

    const otherLocality = await testApp.db.selectFrom('localities').select(['id', 'name']).where('id', '<>', locality.id).executeTakeFirstOrThrow();
    const rebased = await teacher('PATCH', `${base}/${listingId}`, { localityId: otherLocality.id });
    expect(result(rebased)).toMatchObject({ held: true, listing: { locality: { id: locality.id }, heldLocality: { id: otherLocality.id } } });
    expect(
      result(rebased)
        .listing.heldChanges.map((change) => change.kind)
        .sort(),
    ).toEqual(['batch_place', 'listing_place']);

    // New packs are sold at once only at a price a class the listing already has approved.
    const dear = await teacher('POST', `${base}/${listingId}/plans`, { batchId, name: 'Trial', classesCount: 1, validityDays: 7, pricePaise: 90_000 });
    expectError(dear, 409, 'NEEDS_REVIEW');
    expect(
      (await teacher('POST', `${base}/${listingId}/plans`, { batchId, name: '12 classes', classesCount: 12, validityDays: 60, pricePaise: 360_000 }))
        .statusCode,
    ).toBe(200);
    // A new batch goes live at once only at a place the listing already has.
    const programId = result(moved).listing.batches[0]!.programId;
    expectError(
      await teacher(
        'POST',
        `${base}/${listingId}/batches`,
        batch(programId, { daysOfWeek: [6], place: { kind: 'apartment', apartmentId: otherApartment.id } }),
      ),
      409,
      'NEEDS_REVIEW',
    );
    expect((await teacher('POST', `${base}/${listingId}/batches`, batch(programId, { daysOfWeek: [6] }))).statusCode).toBe(200);
    await testApp.db.deleteFrom('teacher_listings').where('id', '=', listingId).execute();
  });

  describe('a running batch with families', () => {
    let listingId: string;
    let running: { id: string; seats_taken: number; days_of_week: number[] };
    let activePlanId: string;
    let lastDay: string;

    beforeAll(async () => {
      const found = await sql<{ listing_id: string; id: string; seats_taken: number; days_of_week: number[]; plan_id: string; last_day: string }>`
        select p.listing_id, b.id, b.seats_taken, b.days_of_week::int[] as days_of_week, bsp.class_pack_plan_id as plan_id,
               to_char(bsp.valid_until, 'YYYY-MM-DD') as last_day
        from batches b
        join programs p on p.id = b.program_id
        join teacher_listings l on l.id = p.listing_id
        join batch_students bs on bs.batch_id = b.id and bs.status in ('enrolled', 'active')
        join batch_student_plans bsp on bsp.batch_student_id = bs.id and bsp.status = 'active' and bsp.valid_until >= '2025-06-02'
        where l.teacher_id = ${teacherId} and b.seats_taken > 0
        order by bsp.valid_until desc
        limit 1`.execute(testApp.db);
      const row = found.rows[0]!;
      listingId = row.listing_id;
      running = row;
      activePlanId = row.plan_id;
      lastDay = row.last_day;
    });

    test('its days and times do not change, and the refusal says why and what to do', async () => {
      const response = await teacher('PATCH', `${base}/${listingId}/batches/${running.id}`, { daysOfWeek: [7] });
      expectError(response, 409, 'BATCH_HAS_STUDENTS');
      expect(response.json()).toMatchObject({ message: expect.stringContaining('Add a new batch at the new times') });
      expectError(await teacher('PATCH', `${base}/${listingId}/batches/${running.id}`, { startTime: '06:00', endTime: '07:00' }), 409, 'BATCH_HAS_STUDENTS');
    });

    test('seats never below those taken', async () => {
      const response = await teacher('PATCH', `${base}/${listingId}/batches/${running.id}`, { seats: running.seats_taken - 1 });
      expectError(response, 409, 'SEATS_BELOW_ENROLLED');
      expect((await teacher('PATCH', `${base}/${listingId}/batches/${running.id}`, { seats: running.seats_taken })).statusCode).toBe(200);
    });

    test('it does not end before a family’s pack does', async () => {
      const early = await teacher('PATCH', `${base}/${listingId}/batches/${running.id}`, { endsOn: '2025-06-03' });
      expectError(early, 409, 'BATCH_HAS_STUDENTS');
      expect(early.json()).toMatchObject({ message: expect.stringContaining('runs until') });
      expect((await teacher('PATCH', `${base}/${listingId}/batches/${running.id}`, { endsOn: lastDay })).statusCode).toBe(200);
    });

    test('a pack families hold is not removed, nor a batch they joined', async () => {
      const plan = await teacher('DELETE', `${base}/${listingId}/plans/${activePlanId}`);
      expectError(plan, 409, 'PLAN_HAS_PACKS');
      expect(plan.json()).toMatchObject({ message: expect.stringContaining('Remove it after their packs end') });
      expectError(await teacher('DELETE', `${base}/${listingId}/batches/${running.id}`), 409, 'BATCH_HAS_STUDENTS');
      expectError(await otherTeacher('DELETE', `${base}/${listingId}/plans/${activePlanId}`), 404, 'LISTING_NOT_FOUND');
    });

    test('another listing’s batch or plan is not found through this one', async () => {
      const { listingId: draftId } = await completeDraft();
      expectError(await teacher('PATCH', `${base}/${draftId}/batches/${running.id}`, { seats: 50 }), 404, 'BATCH_NOT_FOUND');
      expectError(await teacher('PATCH', `${base}/${draftId}/plans/${activePlanId}`, { pricePaise: 50_000 }), 404, 'PLAN_NOT_FOUND');
      await testApp.db.deleteFrom('teacher_listings').where('id', '=', draftId).execute();
    });
  });

  test('concurrent price edits to a live listing leave one pending change, the last one written', async () => {
    const { listingId, planIds } = await completeDraft();
    await makeLive(listingId);
    const prices = [131_000, 132_000, 133_000, 134_000, 135_000];
    const responses = await Promise.all(prices.map((pricePaise) => teacher('PATCH', `${base}/${listingId}/plans/${planIds[0]}`, { pricePaise })));
    expect(responses.map((response) => response.statusCode)).toEqual(prices.map(() => 200));
    const pending = await testApp.db
      .selectFrom('listing_changes')
      .select('proposed')
      .where('listing_id', '=', listingId)
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toHaveLength(1);
    await testApp.db.deleteFrom('teacher_listings').where('id', '=', listingId).execute();
  });

  test('lowering seats races a family joining: the batch never has fewer seats than places', async () => {
    const { listingId, batchId } = await completeDraft();
    await testApp.db.updateTable('batches').set({ capacity: 2, seats_taken: 1 }).where('id', '=', batchId).execute();
    const [lowered] = await Promise.all([
      teacher('PATCH', `${base}/${listingId}/batches/${batchId}`, { seats: 1 }),
      sql`update batches set seats_taken = seats_taken + 1 where id = ${batchId} and seats_taken < capacity`.execute(testApp.db),
    ]);
    const row = await testApp.db.selectFrom('batches').select(['capacity', 'seats_taken']).where('id', '=', batchId).executeTakeFirstOrThrow();
    expect(row.capacity).toBeGreaterThanOrEqual(row.seats_taken);
    expect([200, 409]).toContain(lowered.statusCode);
    await testApp.db.deleteFrom('teacher_listings').where('id', '=', listingId).execute();
  });
});
