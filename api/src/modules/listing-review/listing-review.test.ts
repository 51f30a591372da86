import type { ListingReviewDecision, ListingReviewQueue } from '@kalike/shared/contracts/listing-review';
import type { CategoryListingPage, SearchPage, TeacherPage } from '@kalike/shared/contracts/teacher-listings';
import { seedPhones, wellKnownAdmin, wellKnownLearners, wellKnownTeacher } from '../../db/seed/accounts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { caller } from '../../testing/enquiry-fixtures';
import { expectError, type Call } from '../../testing/enquiry-parties';
import { holdChange, newTeacherListing } from '../../testing/listing-review-fixtures';
import { changedTeacherSlugs, pageChangesCursor } from '../../testing/page-changes';
import { PAYMENT_TEST_NOW } from '../../testing/payment-fixtures';
import { signIn } from '../../testing/sign-in';
import { sendBackReason } from './listing-review.service';
import { noticesTo } from '../../testing/notices';

const queueUrl = '/v1/admin/listing-reviews';
const approveUrl = (id: string) => `${queueUrl}/${id}/approve`;
const sendBackUrl = (id: string) => `${queueUrl}/${id}/send-back`;

describe('sendBackReason', () => {
  test('trims, and counts characters as a person does', () => {
    expect(sendBackReason('  Add the batch address, please.  ')).toBe('Add the batch address, please.');
    expect(() => sendBackReason('   too short ')).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR', statusCode: 400 }));
    expect(sendBackReason('🙏'.repeat(10))).toHaveLength(20);
    expect(() => sendBackReason('a'.repeat(501))).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
  });
});

describe('admins review listings before learners see them', () => {
  let testApp: TestApp;
  let admin: Call;
  let teacher: Call;
  let learner: Call;
  let teacherId: string;
  let teacherSlug: string;
  let address = 0;

  const signInAs = async (phone: string) => caller(testApp.app, (await signIn(testApp.app, phone, `10.8.0.${++address}`)).tokens.accessToken);
  const teacherOfPhone = async (phone: string) =>
    testApp.db
      .selectFrom('users as u')
      .innerJoin('teachers as t', 't.id', 'u.teacher_id')
      .select(['t.id', 't.slug', 't.phone'])
      .where('u.phone', '=', phone)
      .executeTakeFirstOrThrow();
  const listingRow = (id: string) =>
    testApp.db
      .selectFrom('teacher_listings')
      .select(['review_state', 'is_active', 'review_note', 'reviewed_at', 'lat', 'lng', 'locality_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  /** The notices to the teacher about one listing, with their SMS words; the clock stands still, so not by time. */
  const textsAbout = async (listingId: string) => {
    const { phone } = await teacherOfPhone(seedPhones.teacher(1));
    const notices = await noticesTo(testApp.db, phone);
    return notices.filter((notice) => notice.params.listingId === listingId).map((notice) => ({ kind: notice.kind, body: notice.sms, link: notice.link }));
  };
  const queue = async () => {
    const response = await admin('GET', queueUrl);
    expect(response.statusCode).toBe(200);
    return response.json() as ListingReviewQueue;
  };
  const categoryPage = async (slug: string, lat: number, lng: number) => {
    const response = await learner('GET', `/v1/marketplace/categories/${slug}/teacherListings?lat=${lat}&long=${lng}&radiusKm=2`);
    expect(response.statusCode).toBe(200);
    return response.json() as CategoryListingPage;
  };
  const searchPage = async (q: string, lat: number, lng: number) => {
    const response = await learner('GET', `/v1/marketplace/teacherListings/search?q=${encodeURIComponent(q)}&lat=${lat}&long=${lng}&radiusKm=2`);
    expect(response.statusCode).toBe(200);
    return response.json() as SearchPage;
  };
  const teacherPage = async (slug: string) => {
    const response = await learner('GET', `/v1/marketplace/teacherListings/slug/${slug}`);
    expect(response.statusCode).toBe(200);
    return response.json() as TeacherPage;
  };

  beforeAll(async () => {
    // The marketplace cache on, as in production: a decision must show through it at once.
    testApp = await buildTestApp({ now: () => PAYMENT_TEST_NOW, integrations: { marketplaceCache: true, publicSiteUrl: 'https://kalike.example' } });
    ({ id: teacherId, slug: teacherSlug } = await teacherOfPhone(seedPhones.teacher(1)));
    admin = await signInAs(wellKnownAdmin.phone);
    teacher = await signInAs(seedPhones.teacher(1));
    learner = await signInAs(wellKnownLearners.asha.phone);
  });

  afterAll(async () => {
    await testApp.close();
  });

  test('signed out is 401; a teacher or a learner is 403, for every admin call, whatever client they say they are', async () => {
    const listing = await newTeacherListing(testApp.db, { teacherId, title: 'Chess club for the guarded test', state: 'in_review' });
    const calls = [
      ['GET', queueUrl, undefined],
      ['POST', approveUrl(listing.listingId), undefined],
      ['POST', sendBackUrl(listing.listingId), { reason: 'Please add the address of the centre.' }],
    ] as const;
    for (const [method, url, body] of calls) {
      const signedOut = await testApp.app.inject({ method, url, ...(body ? { payload: body } : {}) });
      expectError(signedOut as never, 401, 'UNAUTHORIZED');
      for (const who of [teacher, learner]) {
        // The admin client identifier is not authority: only `isAdmin` in the token is.
        expectError((await who(method, url, body, { 'x-client': 'teacher-admin' })) as never, 403, 'FORBIDDEN');
      }
    }
    expect((await listingRow(listing.listingId)).review_state).toBe('in_review');
  });

  test('the queue holds listings sent for review and live ones with held changes, oldest first, in words', async () => {
    const sent = await newTeacherListing(testApp.db, { teacherId, title: 'Chess for young beginners in Jayanagar', state: 'in_review' });
    const draft = await newTeacherListing(testApp.db, { teacherId, title: 'Chess draft nobody sent', state: 'draft' });
    const live = await newTeacherListing(testApp.db, { teacherId, title: 'Chess club with a new price', state: 'live' });
    await holdChange(testApp.db, live.listingId, { kind: 'plan_price', targetId: live.planIds[0], pricePaise: 360_000 }, new Date('2025-05-31T06:00:00.000Z'));

    await testApp.db
      .updateTable('teacher_listings')
      .set({ about: 'Small groups, one game each class.\n\nParents may watch.' })
      .where('id', '=', sent.listingId)
      .execute();
    const { items } = await queue();
    const ids = items.map((item) => item.listingId);
    expect(ids).not.toContain(draft.listingId);
    // The held change has waited since 31 May, the listing since 1 June.
    expect(ids.indexOf(live.listingId)).toBeLessThan(ids.indexOf(sent.listingId));

    const item = items.find((entry) => entry.listingId === sent.listingId);
    expect(item).toMatchObject({
      title: 'Chess for young beginners in Jayanagar',
      categoryName: 'Chess',
      reviewState: 'in_review',
      submittedAt: '2025-06-01T04:30:00.000Z',
      teacher: { id: teacherId },
      changes: [],
    });
    expect(item?.teacher.photo).toBeNull();
    expect(item?.summary.place).toMatch(/^Jayanagar 560041 \(12\.9308, 77\.5838\)$/);
    expect(item?.summary.about).toMatch(/^At the teacher's centre, ages 7–14\./);
    expect(item?.summary.listingAbout).toBe('Small groups, one game each class.\n\nParents may watch.');
    expect(item?.summary.programs).toEqual(['Openings and tactics (Beginner): How to start a game well and spot forks.']);
    expect(item?.summary.batches).toEqual(['Tue & Thu, 5:30 pm: Tue, Thu, 5:30 pm–6:30 pm, from 10 Jun 2025, 8 seats (0 taken), in Jayanagar']);
    expect(item?.summary.classPacks).toEqual([
      '8 classes (Tue & Thu, 5:30 pm): 8 classes within 45 days, ₹3,200',
      '24 classes (Tue & Thu, 5:30 pm): 24 classes within 120 days, ₹9,000',
    ]);

    const changed = items.find((entry) => entry.listingId === live.listingId);
    expect(changed?.reviewState).toBe('live');
    expect(changed?.changes).toEqual([
      expect.objectContaining({ kind: 'plan_price', what: "Price of '8 classes' (Tue & Thu, 5:30 pm)", before: '₹3,200', after: '₹3,600' }),
    ]);
  });

  test("the queue shows the teacher's photo as families will see it", async () => {
    const sent = await newTeacherListing(testApp.db, { teacherId, title: 'Chess with a photo to check', state: 'in_review' });
    const files = [192, 96].map((width) => ({ key: `teacher-${width}.webp`, format: 'webp', width, url: `https://photos.test/teacher-${width}.webp` }));
    const before = await testApp.db
      .selectFrom('teachers')
      .select(['photo_files', 'photo_url', 'photo_hash', 'photo_width', 'photo_height'])
      .where('id', '=', teacherId)
      .executeTakeFirstOrThrow();
    await testApp.db
      .updateTable('teachers')
      .set({
        photo_files: JSON.stringify(files),
        photo_url: 'https://photos.test/teacher.jpg',
        photo_hash: 'a'.repeat(64),
        photo_width: 400,
        photo_height: 400,
      })
      .where('id', '=', teacherId)
      .execute();
    const item = (await queue()).items.find((entry) => entry.listingId === sent.listingId);
    expect(item?.teacher.photo).toEqual({
      url: 'https://photos.test/teacher-192.webp',
      width: 192,
      height: 192,
      srcset: [
        { url: 'https://photos.test/teacher-96.webp', width: 96 },
        { url: 'https://photos.test/teacher-192.webp', width: 192 },
      ],
    });
    await testApp.db
      .updateTable('teachers')
      .set({ ...before, photo_files: JSON.stringify(before.photo_files) })
      .where('id', '=', teacherId)
      .execute();
  });

  test('approving a listing sent for review makes it live in the category list, search and its teacher page at once', async () => {
    const sent = await newTeacherListing(testApp.db, { teacherId, title: 'Chess endgames in Jayanagar', state: 'in_review', localitySlug: 'jayanagar' });
    // Warm the cache with answers that do not have it yet.
    expect((await categoryPage('chess', sent.lat, sent.lng)).listings.map((card) => card.id)).not.toContain(sent.listingId);
    expect((await searchPage('chess', sent.lat, sent.lng)).listings.map((card) => card.id)).not.toContain(sent.listingId);
    expect((await teacherPage(teacherSlug)).listings.map((listing) => listing.id)).not.toContain(sent.listingId);

    const response = await admin('POST', approveUrl(sent.listingId));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual<ListingReviewDecision>({ listingId: sent.listingId, reviewState: 'live', changesApplied: 0 });
    expect(await listingRow(sent.listingId)).toMatchObject({ review_state: 'live', is_active: true, reviewed_at: PAYMENT_TEST_NOW });

    expect((await categoryPage('chess', sent.lat, sent.lng)).listings.map((card) => card.id)).toContain(sent.listingId);
    expect((await searchPage('chess', sent.lat, sent.lng)).listings.map((card) => card.id)).toContain(sent.listingId);
    expect((await teacherPage(teacherSlug)).listings.map((listing) => listing.id)).toContain(sent.listingId);
    expect((await queue()).items.map((item) => item.listingId)).not.toContain(sent.listingId);

    expect(await textsAbout(sent.listingId)).toEqual([
      {
        kind: 'teach.listing_approved',
        body: 'Kalike: Chess endgames in Jayanagar is approved and families can find it now.',
        link: `/teach/listings/${sent.listingId}`,
      },
    ]);

    // Nothing is left to decide.
    expectError((await admin('POST', approveUrl(sent.listingId))) as never, 409, 'NOTHING_TO_REVIEW');
  });

  test('a draft, a listing sent back, or a live one with nothing held cannot be approved or sent back: 409 with a sentence', async () => {
    for (const state of ['draft', 'sent_back', 'live'] as const) {
      const listing = await newTeacherListing(testApp.db, { teacherId, title: `Chess ${state} listing`, state });
      const approve = await admin('POST', approveUrl(listing.listingId));
      expectError(approve as never, 409, 'NOTHING_TO_REVIEW');
      expect(approve.json().message).toMatch(/^This listing has nothing to review: /);
      expectError(
        (await admin('POST', sendBackUrl(listing.listingId), { reason: 'Please add the address of the centre.' })) as never,
        409,
        'NOTHING_TO_REVIEW',
      );
      expect(await listingRow(listing.listingId)).toMatchObject({ review_state: state, is_active: state === 'live' });
    }
    expectError((await admin('POST', approveUrl('00000000-0000-4000-8000-00000000dead'))) as never, 404, 'LISTING_NOT_FOUND');
    expectError((await admin('POST', approveUrl('not-a-uuid'))) as never, 400, 'INVALID_ID');
  });

  test('approving held changes applies every one: price, batch place and listing place, and learners see them at once', async () => {
    const live = await newTeacherListing(testApp.db, { teacherId, title: 'Chess for schoolchildren', state: 'live' });
    const koramangala = await testApp.db.selectFrom('localities').select(['id', 'lat', 'lng']).where('slug', '=', 'koramangala').executeTakeFirstOrThrow();
    const apartment = await testApp.db.selectFrom('apartments').select(['id', 'name', 'lat', 'lng']).orderBy('name').executeTakeFirstOrThrow();
    await holdChange(testApp.db, live.listingId, { kind: 'plan_price', targetId: live.planIds[1], pricePaise: 850_000 }, new Date('2025-06-01T06:00:00.000Z'));
    await holdChange(
      testApp.db,
      live.listingId,
      { kind: 'batch_place', targetId: live.batchId, place: { kind: 'apartment', apartmentId: apartment.id } },
      new Date('2025-06-01T06:01:00.000Z'),
    );
    await holdChange(
      testApp.db,
      live.listingId,
      { kind: 'listing_place', localityId: koramangala.id, lat: koramangala.lat, lng: koramangala.lng },
      new Date('2025-06-01T06:02:00.000Z'),
    );

    const item = (await queue()).items.find((entry) => entry.listingId === live.listingId);
    expect(item?.changes.map(({ what, before: was, after }) => ({ what, was, after }))).toEqual([
      { what: "Price of '24 classes' (Tue & Thu, 5:30 pm)", was: '₹9,000', after: '₹8,500' },
      { what: "Where the batch 'Tue & Thu, 5:30 pm' meets", was: 'in Jayanagar', after: `at ${apartment.name}` },
      { what: 'Where the listing is found on maps and in search', was: 'Jayanagar (12.9308, 77.5838)', after: 'Koramangala (12.9352, 77.6245)' },
    ]);

    const response = await admin('POST', approveUrl(live.listingId));
    expect(response.json()).toEqual({ listingId: live.listingId, reviewState: 'live', changesApplied: 3 });
    // The teacher is now based in Koramangala; learners find the listing where its batch meets, the apartment.
    expect(await testApp.db.selectFrom('teacher_listings').select('base_locality_id').where('id', '=', live.listingId).executeTakeFirstOrThrow()).toEqual({
      base_locality_id: koramangala.id,
    });
    expect(await listingRow(live.listingId)).toMatchObject({ lat: apartment.lat, lng: apartment.lng });
    expect(await testApp.db.selectFrom('class_pack_plans').select('price_paise').where('id', '=', live.planIds[1]).executeTakeFirstOrThrow()).toEqual({
      price_paise: 850_000,
    });
    expect(
      await testApp.db.selectFrom('batches').select(['place', 'apartment_id', 'locality_id']).where('id', '=', live.batchId).executeTakeFirstOrThrow(),
    ).toEqual({
      place: 'apartment',
      apartment_id: apartment.id,
      locality_id: null,
    });
    const changes = await testApp.db
      .selectFrom('listing_changes')
      .select(['status', 'decided_by', 'decided_at'])
      .where('listing_id', '=', live.listingId)
      .execute();
    expect(changes).toEqual(Array(3).fill({ status: 'approved', decided_by: wellKnownAdmin.userId, decided_at: PAYMENT_TEST_NOW }));

    // Found near its new place, and its page shows the new price, through the cache.
    expect((await categoryPage('chess', apartment.lat, apartment.lng)).listings.map((card) => card.id)).toContain(live.listingId);
    const page = await teacherPage(teacherSlug);
    const plans = page.listings
      .find((listing) => listing.id === live.listingId)
      ?.programs.flatMap((program) => program.batches.flatMap((batch) => batch.plans));
    expect(plans?.map((plan) => plan.pricePaise)).toEqual([320_000, 850_000]);
    expect((await textsAbout(live.listingId)).map((text) => text.kind)).toEqual(['teach.listing_approved']);
  });

  test('sending back a listing keeps it from learners with the reason; sending back held changes keeps the live values', async () => {
    const sent = await newTeacherListing(testApp.db, { teacherId, title: 'Chess openings sent back', state: 'in_review' });
    const bad = await admin('POST', sendBackUrl(sent.listingId), { reason: '   short   ' });
    expectError(bad as never, 400, 'VALIDATION_ERROR');
    const missing = await admin('POST', sendBackUrl(sent.listingId), {});
    expectError(missing as never, 400, 'VALIDATION_ERROR');

    const response = await admin('POST', sendBackUrl(sent.listingId), { reason: '  Please add the address of your centre.  ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ listingId: sent.listingId, reviewState: 'sent_back', changesApplied: 0 });
    expect(await listingRow(sent.listingId)).toMatchObject({
      review_state: 'sent_back',
      is_active: false,
      review_note: 'Please add the address of your centre.',
    });
    const [sentText] = await textsAbout(sent.listingId);
    expect(sentText?.kind).toBe('teach.listing_sent_back');
    // A text carries no one's own words: the reason is read on the listing.
    expect(sentText?.body).not.toContain('address of your centre');

    const live = await newTeacherListing(testApp.db, { teacherId, title: 'Chess club keeping its price', state: 'live' });
    const changeId = await holdChange(testApp.db, live.listingId, { kind: 'plan_price', targetId: live.planIds[0], pricePaise: 1_000_000 });
    const refused = await admin('POST', sendBackUrl(live.listingId), { reason: 'That price is far above the area for 8 classes.' });
    expect(refused.json()).toEqual({ listingId: live.listingId, reviewState: 'live', changesApplied: 0 });
    expect(await listingRow(live.listingId)).toMatchObject({ review_state: 'live', is_active: true });
    expect(await testApp.db.selectFrom('class_pack_plans').select('price_paise').where('id', '=', live.planIds[0]).executeTakeFirstOrThrow()).toEqual({
      price_paise: 320_000,
    });
    expect(
      await testApp.db.selectFrom('listing_changes').select(['status', 'note', 'decided_by']).where('id', '=', changeId).executeTakeFirstOrThrow(),
    ).toEqual({
      status: 'sent_back',
      note: 'That price is far above the area for 8 classes.',
      decided_by: wellKnownAdmin.userId,
    });
    expect((await queue()).items.map((item) => item.listingId)).not.toContain(live.listingId);
  });

  test('approving a listing or held changes names the teacher in the page-change feed; sending back does not', async () => {
    const sent = await newTeacherListing(testApp.db, { teacherId, title: 'Chess tactics for the feed', state: 'in_review' });
    let cursor = await pageChangesCursor(testApp.app);
    expect((await admin('POST', approveUrl(sent.listingId))).statusCode).toBe(200);
    expect(await changedTeacherSlugs(testApp.app, cursor)).toEqual([teacherSlug]);

    const live = await newTeacherListing(testApp.db, { teacherId, title: 'Chess club with a new price', state: 'live' });
    await holdChange(testApp.db, live.listingId, { kind: 'plan_price', targetId: live.planIds[0], pricePaise: 300_000 });
    cursor = await pageChangesCursor(testApp.app);
    expect((await admin('POST', approveUrl(live.listingId))).statusCode).toBe(200);
    expect(await changedTeacherSlugs(testApp.app, cursor)).toEqual([teacherSlug]);

    // Neither a listing learners never saw nor a refused change alters the page.
    const back = await newTeacherListing(testApp.db, { teacherId, title: 'Chess problems sent back', state: 'in_review' });
    await holdChange(testApp.db, live.listingId, { kind: 'plan_price', targetId: live.planIds[0], pricePaise: 900_000 });
    cursor = await pageChangesCursor(testApp.app);
    expect((await admin('POST', sendBackUrl(back.listingId), { reason: 'Please add the address of your centre.' })).statusCode).toBe(200);
    expect((await admin('POST', sendBackUrl(live.listingId), { reason: 'That price is far above the area.' })).statusCode).toBe(200);
    expect(await changedTeacherSlugs(testApp.app, cursor)).toEqual([]);
  });

  test('two admins approving at once: the changes are applied once and the second is told there is nothing left', async () => {
    const live = await newTeacherListing(testApp.db, { teacherId, title: 'Chess club approved twice', state: 'live' });
    await holdChange(testApp.db, live.listingId, { kind: 'plan_price', targetId: live.planIds[0], pricePaise: 330_000 });
    const secondAdmin = await signInAs(wellKnownAdmin.phone);

    const answers = await Promise.all([admin('POST', approveUrl(live.listingId)), secondAdmin('POST', approveUrl(live.listingId))]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 200)?.json()).toMatchObject({ changesApplied: 1 });
    const decided = await testApp.db.selectFrom('listing_changes').select('status').where('listing_id', '=', live.listingId).execute();
    expect(decided).toEqual([{ status: 'approved' }]);
    expect(await textsAbout(live.listingId)).toHaveLength(1);
  });

  test('an admin who is also the well-known teacher is not: being a teacher grants nothing', async () => {
    const own = await signInAs(wellKnownTeacher.phone);
    expectError((await own('GET', queueUrl)) as never, 403, 'FORBIDDEN');
  });
});
