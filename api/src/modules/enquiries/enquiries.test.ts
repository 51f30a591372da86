import { sql } from 'kysely';
import type { Enquiry } from '@kalike/shared/contracts/enquiries';
import { enquiryLimits, enquiryResponseWindowHours, enquiryStates, isOpenEnquiry } from '@kalike/shared/format/enquiry-lifecycle';
import { wellKnownLearners, wellKnownTeacher } from '../../db/seed/accounts';
import { wellKnownEnquiryIds } from '../../db/seed/enquiries';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import {
  activeListingIds,
  caller,
  ENQUIRY_TEST_NOW,
  enquiryBody,
  newIdempotencyKey,
  otherTeachersListingIds,
  teacherBatchWithSession,
} from '../../testing/enquiry-fixtures';
import { outboxTexts, signIn } from '../../testing/sign-in';
import { createMessageRelay } from '../messaging/message-relay';
import { createSmsSender } from '../sms/sms-sender';

const URL = '/v1/marketplace/enquiries';
const UNKNOWN_ID = '7d6f0e4a-3b1c-4d2e-9f80-123456789abc';
type Call = ReturnType<typeof caller>;
type Response = Awaited<ReturnType<Call>>;

function expectError(response: Response, statusCode: number, code: string, field?: string): void {
  expect({ statusCode: response.statusCode, body: response.json() }).toEqual({
    statusCode,
    body: { statusCode, code, message: field ? expect.stringContaining(field) : expect.any(String) },
  });
}

describe('enquiries', () => {
  let testApp: TestApp;
  let asha: Call;
  let rahul: Call;
  let teacher: Call;
  let otherTeacher: Call;
  let teacherId: string;
  let teacherListings: string[];
  let otherListings: string[];
  let address = 0;

  /** A new learner on a fresh number (each sign-in from its own address, under the per-IP limit). */
  async function newLearner(phone: string): Promise<{ call: Call; accountId: string; phone: string }> {
    const signedIn = await signIn(testApp.app, phone, `10.9.0.${++address}`);
    return { call: caller(testApp.app, signedIn.tokens.accessToken), accountId: signedIn.user.learnerAccount?.id ?? '', phone };
  }

  const create = (call: Call, body: object, key = newIdempotencyKey()) => call('POST', URL, body, { 'idempotency-key': key });

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => ENQUIRY_TEST_NOW });
    const token = async (phone: string) => caller(testApp.app, (await signIn(testApp.app, phone, `10.9.1.${++address}`)).tokens.accessToken);
    asha = await token(wellKnownLearners.asha.phone);
    rahul = await token(wellKnownLearners.rahul.phone);
    const teacherSignIn = await signIn(testApp.app, wellKnownTeacher.phone, `10.9.1.${++address}`);
    teacher = caller(testApp.app, teacherSignIn.tokens.accessToken);
    teacherId = teacherSignIn.user.teacher?.id ?? '';
    const other = await testApp.db
      .selectFrom('users')
      .select('phone')
      .where('user_type', '=', 'Teacher')
      .where('phone', '!=', wellKnownTeacher.phone)
      .orderBy('phone')
      .executeTakeFirstOrThrow();
    otherTeacher = await token(other.phone);
    teacherListings = await activeListingIds(testApp.db, teacherId);
    otherListings = await otherTeachersListingIds(testApp.db, teacherId, 8);
  });

  afterAll(async () => {
    await testApp.close();
  });

  test('the well-known teacher is the teacher of the day and signs in as a Teacher', async () => {
    expect(teacherId).toMatch(/^[0-9a-f-]{36}$/);
    const badge = await testApp.db.selectFrom('teacher_badges').select('badge').where('teacher_id', '=', teacherId).where('badge', '=', 'teacher_of_the_day').executeTakeFirst();
    expect(badge).toBeDefined();
    expect(teacherListings.length).toBeGreaterThanOrEqual(1);
  });

  describe('creating', () => {
    test('one enquiry per teacher in one submission; each teacher is texted in the same transaction', async () => {
      const neha = await newLearner('+919700000101');
      const body = enquiryBody([teacherListings[0] ?? '', otherListings[0] ?? ''], { alternatePhone: '98450 12345', contactName: 'Neha   Kulkarni ' });
      const response = await create(neha.call, body);
      expect(response.statusCode).toBe(201);
      expect(response.headers['cache-control']).toBe('no-store');
      const { requestId, enquiries } = response.json() as { requestId: string; enquiries: { created: boolean; enquiry: Enquiry }[] };
      expect(enquiries.map((entry) => entry.created)).toEqual([true, true]);
      expect(enquiries.map((entry) => entry.enquiry.listing.id)).toEqual([teacherListings[0], otherListings[0]]);
      const [first] = enquiries;
      expect(first?.enquiry).toMatchObject({
        requestId,
        state: 'sent',
        allowedActions: ['close'],
        createdAt: ENQUIRY_TEST_NOW.toISOString(),
        respondBy: new Date(ENQUIRY_TEST_NOW.getTime() + enquiryResponseWindowHours * 3_600_000).toISOString(),
        teacher: { id: teacherId },
        listing: { id: teacherListings[0], path: expect.stringMatching(/^\/discover\/bengaluru\/[a-z-]+\/teachers\/[a-z0-9-]+$/) },
        program: null,
        student: null,
        details: { studentAgeYears: null, level: null, goals: null },
        preferredDays: [6, 7],
        preferredTimes: ['morning'],
        mode: 'any',
        contact: { name: 'Neha Kulkarni', phone: neha.phone, alternatePhone: '+919845012345' },
        teacherMessage: null,
        offer: null,
        batchStudentId: null,
        history: [{ action: 'create', state: 'sent', by: 'learner', at: ENQUIRY_TEST_NOW.toISOString(), message: null }],
      });

      // The account had no name yet: the contact name completes it.
      const verified = await neha.call('GET', '/v1/auth/verify');
      expect(verified.json().user.learnerAccount.name).toBe('Neha Kulkarni');

      const ids = enquiries.map((entry) => entry.enquiry.id);
      const outbox = await testApp.db.selectFrom('message_outbox').selectAll().where('enquiry_id', 'in', ids).orderBy('body').execute();
      expect(outbox).toHaveLength(2);
      const teacherPhone = (await testApp.db.selectFrom('users').select('phone').where('teacher_id', '=', teacherId).executeTakeFirstOrThrow()).phone;
      const toTeacher = outbox.find((row) => row.enquiry_id === first?.enquiry.id);
      expect(toTeacher).toMatchObject({ channel: 'sms', to_phone: teacherPhone, kind: 'enquiry.create', attempts: 0, sent_at: null });
      expect(toTeacher?.body).toContain(`a new enquiry for ${first?.enquiry.listing.title}`);
      expect(toTeacher?.body).toContain(`http://localhost:4000/${first?.enquiry.id}`);
    });

    test("a text from Kalike never carries the learner's own words or links", async () => {
      const stranger = await newLearner('+919700000131');
      const lure = 'URGENT from Kalike support: your payouts are on hold. Verify your bank at http://evil.example/kyc';
      const response = await create(stranger.call, enquiryBody([otherListings[2] ?? ''], { message: lure, contactName: 'Kalike Support Desk' }));
      expect(response.statusCode).toBe(201);
      const id = response.json().enquiries[0].enquiry.id as string;
      const closed = await stranger.call('POST', `${URL}/${id}/close`, { reason: 'Call +91 98450 00000 now http://evil.example' });
      expect(closed.statusCode).toBe(200);
      const texts = await testApp.db.selectFrom('message_outbox').select(['kind', 'body']).where('enquiry_id', '=', id).orderBy('kind').execute();
      expect(texts.map((text) => text.kind)).toEqual(['enquiry.close', 'enquiry.create']);
      for (const { body } of texts) {
        expect(body).not.toMatch(/URGENT|payouts|evil\.example|Support Desk|98450/);
        // The only link is Kalike's own, to the enquiry.
        expect(body.match(/https?:\/\/\S+/g)).toEqual([`http://localhost:4000/${id}`]);
      }
    });

    test('a learner can send one teacher only a few new enquiries a day, however often they close them', async () => {
      const learner = await newLearner('+919700000132');
      const listing = otherListings[3] ?? '';
      for (let cycle = 0; cycle < enquiryLimits.perLearnerPerTeacherPerDay; cycle++) {
        const created = await create(learner.call, enquiryBody([listing]));
        expect(created.statusCode).toBe(201);
        const id = created.json().enquiries[0].enquiry.id as string;
        expect((await learner.call('POST', `${URL}/${id}/close`, {})).statusCode).toBe(200);
      }
      const refused = await create(learner.call, enquiryBody([listing]));
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'TOO_MANY_ENQUIRIES', message: expect.stringMatching(/tomorrow/) });
      // Nothing of the refused submission is kept: other teachers can still be asked.
      expect((await create(learner.call, enquiryBody([otherListings[4] ?? '']))).statusCode).toBe(201);
    });

    test('a learner can send only so many new enquiries a day in all', async () => {
      const learner = await newLearner('+919700000133');
      const listings = await otherTeachersListingIds(testApp.db, teacherId, enquiryLimits.perLearnerPerDay + 1);
      expect(listings).toHaveLength(enquiryLimits.perLearnerPerDay + 1);
      const perRequest = enquiryLimits.maxTeachersPerRequest;
      for (let start = 0; start < enquiryLimits.perLearnerPerDay; start += perRequest) {
        expect((await create(learner.call, enquiryBody(listings.slice(start, start + perRequest)))).statusCode).toBe(201);
      }
      const refused = await create(learner.call, enquiryBody(listings.slice(enquiryLimits.perLearnerPerDay)));
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('TOO_MANY_ENQUIRIES');
    });

    test('the same key and body again answers 200 with the same ids and writes nothing', async () => {
      const learner = await newLearner('+919700000102');
      const key = newIdempotencyKey();
      const body = enquiryBody([otherListings[1] ?? '']);
      const first = await create(learner.call, body, key);
      // The same content sent differently (keys in another order, an absent field as null) is the same submission.
      const reordered = Object.fromEntries(Object.entries({ ...body, alternatePhone: null }).reverse());
      const second = await create(learner.call, reordered, key);
      expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
      expect(second.json()).toEqual(first.json());
      const count = await testApp.db.selectFrom('enquiries').select(sql<number>`count(*)::int`.as('n')).where('learner_account_id', '=', learner.accountId).executeTakeFirstOrThrow();
      expect(count.n).toBe(1);
      const texts = await testApp.db.selectFrom('message_outbox').select('id').where('enquiry_id', '=', first.json().enquiries[0].enquiry.id).execute();
      expect(texts).toHaveLength(1);
    });

    test('five identical submissions at once create exactly one enquiry, one request and one text', async () => {
      const learner = await newLearner('+919700000103');
      const key = newIdempotencyKey();
      const body = enquiryBody([otherListings[2] ?? '']);
      const responses = await Promise.all(Array.from({ length: 5 }, () => create(learner.call, body, key)));
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
      const answers = responses.map((response) => response.json());
      expect(new Set(answers.map((answer) => answer.requestId)).size).toBe(1);
      expect(new Set(answers.map((answer) => answer.enquiries[0].enquiry.id)).size).toBe(1);

      const enquiries = await testApp.db.selectFrom('enquiries').select('id').where('learner_account_id', '=', learner.accountId).execute();
      expect(enquiries).toHaveLength(1);
      const requests = await testApp.db.selectFrom('enquiry_requests').select('id').where('learner_account_id', '=', learner.accountId).execute();
      expect(requests).toHaveLength(1);
      const texts = await testApp.db.selectFrom('message_outbox').select('id').where('enquiry_id', '=', enquiries[0]?.id ?? '').execute();
      expect(texts).toHaveLength(1);
    });

    test('five submissions at once with different keys for the same teacher collapse to one open enquiry', async () => {
      const learner = await newLearner('+919700000104');
      const body = enquiryBody([otherListings[3] ?? '']);
      const responses = await Promise.all(Array.from({ length: 5 }, () => create(learner.call, body)));
      expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
      const entries = responses.map((response) => response.json().enquiries[0]);
      expect(new Set(entries.map((entry) => entry.enquiry.id)).size).toBe(1);
      expect(entries.filter((entry) => entry.created)).toHaveLength(1);
      const enquiries = await testApp.db.selectFrom('enquiries').select('id').where('learner_account_id', '=', learner.accountId).execute();
      expect(enquiries).toHaveLength(1);
    });

    test('a teacher already asked is answered with the open enquiry, created false, beside new ones', async () => {
      const learner = await newLearner('+919700000105');
      const first = (await create(learner.call, enquiryBody([otherListings[4] ?? '']))).json();
      const second = await create(learner.call, enquiryBody([otherListings[5] ?? '', otherListings[4] ?? '']));
      expect(second.statusCode).toBe(201);
      const answer = second.json();
      expect(answer.enquiries.map((entry: { created: boolean }) => entry.created)).toEqual([true, false]);
      expect(answer.enquiries[1].enquiry.id).toBe(first.enquiries[0].enquiry.id);
      expect(answer.enquiries[0].enquiry.requestId).toBe(answer.requestId);
    });

    test('a second child asking the same teacher gets their own enquiry with their own answers; the same child again is answered with theirs', async () => {
      const learner = await newLearner('+919700000115');
      const addChild = async (name: string) =>
        (await testApp.db.insertInto('students').values({ learner_account_id: learner.accountId, name }).returning('id').executeTakeFirstOrThrow()).id;
      const saanvi = await addChild('Saanvi');
      const aarav = await addChild('Aarav');
      const listing = otherListings[3] ?? '';
      const first = (await create(learner.call, enquiryBody([listing], { studentId: saanvi, message: 'For Saanvi' }))).json();

      const second = await create(learner.call, enquiryBody([listing], { studentId: aarav, message: 'For Aarav, weekday evenings', preferredDays: [2, 4], preferredTimes: ['evening'] }));
      expect(second.statusCode).toBe(201);
      const [aaravEntry] = second.json().enquiries;
      expect(aaravEntry.created).toBe(true);
      expect(aaravEntry.enquiry.id).not.toBe(first.enquiries[0].enquiry.id);
      expect(aaravEntry.enquiry).toMatchObject({ student: { id: aarav, name: 'Aarav' }, message: 'For Aarav, weekday evenings', preferredDays: [2, 4], preferredTimes: ['evening'] });

      // The learner themself is a third conversation with the same teacher.
      const self = (await create(learner.call, enquiryBody([listing], { studentId: null }))).json();
      expect(self.enquiries[0]).toMatchObject({ created: true, enquiry: { student: null } });

      // Saanvi again: her open enquiry, said to be not new, and nothing else written.
      const again = await create(learner.call, enquiryBody([listing], { studentId: saanvi, message: 'Another try' }));
      expect(again.json().enquiries[0]).toMatchObject({ created: false, enquiry: { id: first.enquiries[0].enquiry.id, message: 'For Saanvi' } });
      const open = await testApp.db.selectFrom('enquiries').select('student_id').where('learner_account_id', '=', learner.accountId).execute();
      expect(open.map((row) => row.student_id).sort()).toEqual([saanvi, aarav, null].sort());

      // Renaming Aarav's enquiry to Saanvi would make two open ones about her: refused, nothing changed.
      const clash = await learner.call('PATCH', `${URL}/${aaravEntry.enquiry.id}`, { studentId: saanvi });
      expectError(clash, 409, 'ENQUIRY_ALREADY_OPEN', 'body.studentId');
      expect((await learner.call('GET', `${URL}/${aaravEntry.enquiry.id}`)).json().student).toMatchObject({ id: aarav });
    });

    test('the same key with another body is 422 IDEMPOTENCY_KEY_REUSED', async () => {
      const learner = await newLearner('+919700000106');
      const key = newIdempotencyKey();
      expect((await create(learner.call, enquiryBody([otherListings[6] ?? '']), key)).statusCode).toBe(201);
      expectError(await create(learner.call, enquiryBody([otherListings[6] ?? ''], { message: 'Changed my mind' }), key), 422, 'IDEMPOTENCY_KEY_REUSED');
      const count = await testApp.db.selectFrom('enquiries').select('id').where('learner_account_id', '=', learner.accountId).execute();
      expect(count).toHaveLength(1);
    });

    test('the Idempotency-Key header is required and must be well formed', async () => {
      const body = enquiryBody([otherListings[7] ?? '']);
      expectError(await rahul('POST', URL, body), 400, 'IDEMPOTENCY_KEY_REQUIRED');
      expectError(await create(rahul, body, 'short'), 400, 'VALIDATION_ERROR', 'headers.idempotency-key');
      expectError(await create(rahul, body, 'x'.repeat(65)), 400, 'VALIDATION_ERROR', 'headers.idempotency-key');
      expectError(await create(rahul, body, 'has spaces in the key!'), 400, 'VALIDATION_ERROR', 'headers.idempotency-key');
    });

    test('a submission that fails part-way writes nothing: no enquiry, no request, no text, no name', async () => {
      const learner = await newLearner('+919700000107');
      const inactive = await testApp.db.selectFrom('teacher_listings').select('id').where('is_active', '=', false).executeTakeFirstOrThrow();
      const totals = async () =>
        Promise.all(
          (['enquiries', 'enquiry_requests', 'enquiry_events', 'message_outbox'] as const).map(async (table) =>
            (await testApp.db.selectFrom(table).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n,
          ),
        );
      const before = await totals();
      // The first target is written (enquiry, event, text) before the second is found inactive.
      expectError(await create(learner.call, enquiryBody([otherListings[0] ?? '', inactive.id])), 404, 'LISTING_NOT_FOUND', 'body.targets.1.listingId');
      expect(await totals()).toEqual(before);
      const verified = await learner.call('GET', '/v1/auth/verify');
      expect(verified.json().user.learnerAccount.name).toBe('');
    });

    describe('validation names the field', () => {
      let learner: { call: Call; accountId: string };
      beforeAll(async () => {
        learner = await newLearner('+919700000108');
      });

      const foreignProgram = async () =>
        (await testApp.db.selectFrom('programs').select('id').where('listing_id', '!=', teacherListings[0] ?? '').executeTakeFirstOrThrow()).id;

      test.each([
        ['a landline as alternatePhone', { alternatePhone: '080 2222 3333' }, 'body.alternatePhone'],
        ['a foreign alternatePhone', { alternatePhone: '+44 7700 900123' }, 'body.alternatePhone'],
        ['an empty contactName', { contactName: '' }, 'body.contactName'],
        ['a blank contactName', { contactName: '   ' }, 'body.contactName'],
        ['digits as contactName', { contactName: '12345' }, 'body.contactName'],
        ['day 0', { preferredDays: [0] }, 'body.preferredDays.0'],
        ['day 8', { preferredDays: [1, 8] }, 'body.preferredDays.1'],
        ['a repeated day', { preferredDays: [6, 6] }, 'body.preferredDays'],
        ['no day', { preferredDays: [] }, 'body.preferredDays'],
        ['an unknown time', { preferredTimes: ['night'] }, 'body.preferredTimes.0'],
        ['an unknown mode', { mode: 'anywhere' }, 'body.mode'],
        ['a message over 1000 characters', { message: 'x'.repeat(1001) }, 'body.message'],
        ['markup in refPage', { refPage: '/teachers/<script>' }, 'body.refPage'],
        ['a refSection over 120 characters', { refSection: 'x'.repeat(121) }, 'body.refSection'],
        ['no target', { targets: [] }, 'body.targets'],
        ['an unknown field', { coupon: 'FREE' }, 'coupon'],
      ])('%s is 400', async (_name, overrides, field) => {
        expectError(await create(learner.call, { ...enquiryBody([teacherListings[0] ?? '']), ...overrides }), 400, 'VALIDATION_ERROR', field);
      });

      test('a listing named twice and more than five targets are 400', async () => {
        const twice = enquiryBody([otherListings[0] ?? '', otherListings[0] ?? '']);
        expectError(await create(learner.call, twice), 400, 'VALIDATION_ERROR', 'body.targets.1.listingId');
        expectError(await create(learner.call, enquiryBody(otherListings.slice(0, 6))), 400, 'VALIDATION_ERROR', 'body.targets');
      });

      test("another account's student, another listing's program, an unknown listing are 404", async () => {
        const rahulsStudent = wellKnownLearners.rahul.students[0].id;
        expectError(await create(learner.call, enquiryBody([teacherListings[0] ?? ''], { studentId: rahulsStudent })), 404, 'STUDENT_NOT_FOUND', 'body.studentId');
        const programTarget = { targets: [{ listingId: teacherListings[0] ?? '', programId: await foreignProgram() }] };
        expectError(await create(learner.call, enquiryBody([], programTarget)), 404, 'PROGRAM_NOT_FOUND', 'body.targets.0.programId');
        expectError(await create(learner.call, enquiryBody([UNKNOWN_ID])), 404, 'LISTING_NOT_FOUND', 'body.targets.0.listingId');
      });

      afterAll(async () => {
        const written = await testApp.db.selectFrom('enquiries').select('id').where('learner_account_id', '=', learner.accountId).execute();
        expect(written).toEqual([]);
      });
    });

    test('a program of the listing is kept on the enquiry', async () => {
      const learner = await newLearner('+919700000109');
      const program = await testApp.db.selectFrom('programs').select(['id', 'name']).where('listing_id', '=', teacherListings[0] ?? '').executeTakeFirstOrThrow();
      const response = await create(learner.call, enquiryBody([], { targets: [{ listingId: teacherListings[0] ?? '', programId: program.id }] }));
      expect(response.statusCode).toBe(201);
      expect(response.json().enquiries[0].enquiry.program).toEqual({ id: program.id, name: program.name });
    });

    test('teachers cannot send enquiries', async () => {
      expectError(await create(teacher, enquiryBody([otherListings[0] ?? ''])), 403, 'FORBIDDEN');
    });
  });

  describe('request class: teachers who fit what was asked', () => {
    // Three teachers of a subject of their own near one point: an online-only one nearest, one
    // at a centre with a weekend-morning batch about 1.2 km away, one at a centre on weekday evenings.
    const point = { lat: 12.93, long: 77.58 };
    let listingIds: { online: string; weekendCentre: string; weekdayCentre: string };

    beforeAll(async () => {
      const category = await testApp.db
        .insertInto('categories')
        .values({ slug: 'fit-test-veena', name: 'Veena', description: 'Veena', icon: 'music', sort_order: 99 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const teachers = await testApp.db.selectFrom('teachers').select('id').orderBy('id').limit(3).execute();
      const locality = await testApp.db.selectFrom('localities').select('id').limit(1).executeTakeFirstOrThrow();
      const template = await testApp.db.selectFrom('batches').selectAll().limit(1).executeTakeFirstOrThrow();
      const addListing = async (index: number, mode: 'online' | 'at_centre', lat: number, batch: { days: number[]; start: string; place: 'online' | 'locality' }) => {
        const listing = await testApp.db
          .insertInto('teacher_listings')
          .values({
            teacher_id: teachers[index]!.id, category_id: category.id, title: `Veena ${index}`, locality_id: locality.id,
            lat, lng: point.long, mode, price_from_paise: 100_000, age_min: 5, age_max: 60, search_text: 'veena',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const program = await testApp.db
          .insertInto('programs')
          .values({ listing_id: listing.id, name: 'Veena basics', level: 'beginner', description: 'Basics' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await testApp.db
          .insertInto('batches')
          .values({
            ...template, id: undefined, program_id: program.id, name: 'Batch', days_of_week: batch.days, start_time: batch.start, end_time: '23:59',
            place: batch.place, apartment_id: null, locality_id: batch.place === 'locality' ? locality.id : null, online_link: null, seats_taken: 0,
          })
          .execute();
        return listing.id;
      };
      listingIds = {
        online: await addListing(0, 'online', point.lat + 0.001, { days: [6, 7], start: '10:00', place: 'online' }),
        weekendCentre: await addListing(1, 'at_centre', point.lat + 0.0108, { days: [6, 7], start: '10:00', place: 'locality' }),
        weekdayCentre: await addListing(2, 'at_centre', point.lat + 0.005, { days: [2, 4], start: '17:30', place: 'locality' }),
      };
    });

    const matchesUrl = (query: Record<string, string | number>) =>
      `${URL}/teacher-matches?${new URLSearchParams(Object.entries({ category: 'fit-test-veena', lat: point.lat, long: point.long, ...query }).map(([key, value]): [string, string] => [key, String(value)]))}`;

    test("at the teacher's centre, weekend mornings: only the centre with a weekend-morning batch fits, and says why", async () => {
      const response = await testApp.app.inject({ method: 'GET', url: matchesUrl({ mode: 'at_centre', days: '6,7', times: 'morning' }) });
      expect(response.statusCode).toBe(200);
      const { matches } = response.json() as { matches: { listingId: string; fits: boolean; reason: string; distanceMetres: number | null }[] };
      expect(matches.map((match) => [match.listingId, match.fits])).toEqual([
        [listingIds.weekendCentre, true],
        [listingIds.weekdayCentre, false],
        [listingIds.online, false],
      ]);
      expect(matches[0]?.reason).toBe('Sat 10 am batch, 1.2 km');
      expect(matches[2]).toMatchObject({ reason: "Does not teach at the teacher's centre", distanceMetres: null });
      expect(matches[1]?.reason).toBe('No batch on the days and times you asked');
    });

    test('online, or no preference, fits the online teacher at the asked time; a weekday evening fits the other centre', async () => {
      const online = (await testApp.app.inject({ method: 'GET', url: matchesUrl({ mode: 'online', days: '6', times: 'morning' }) })).json();
      expect(online.matches.filter((match: { fits: boolean }) => match.fits).map((match: { listingId: string }) => match.listingId)).toEqual([listingIds.online]);
      expect(online.matches[0].reason).toBe('Sat 10 am batch · online');
      const evening = (await testApp.app.inject({ method: 'GET', url: matchesUrl({ mode: 'any', days: '4', times: 'evening' }) })).json();
      expect(evening.matches.filter((match: { fits: boolean }) => match.fits).map((match: { listingId: string }) => match.listingId)).toEqual([listingIds.weekdayCentre]);
      expect(evening.matches[0].reason).toMatch(/^Thu 5:30 pm batch, \d/);
    });

    test('bad queries are 400 with the field named', async () => {
      for (const [query, field] of [
        [{ mode: 'anywhere', days: '6', times: 'morning' }, 'querystring.mode'],
        [{ mode: 'any', days: '8', times: 'morning' }, 'querystring.days'],
        [{ mode: 'any', days: '6', times: 'noon' }, 'querystring.times'],
        [{ mode: 'any', days: '6', times: 'morning', lat: 40 }, 'querystring.lat'],
      ] as const) {
        expectError(await testApp.app.inject({ method: 'GET', url: matchesUrl(query) }), 400, 'VALIDATION_ERROR', field);
      }
    });

    test('an enquiry asks a teacher only for a mode the listing offers: 422 MODE_NOT_OFFERED names the body field, nothing is written', async () => {
      const learner = await newLearner('+919700000116');
      const refused = await create(learner.call, enquiryBody([listingIds.online], { mode: 'at_centre' }));
      expectError(refused, 422, 'MODE_NOT_OFFERED', 'body.mode');
      expect(await testApp.db.selectFrom('enquiries').select('id').where('learner_account_id', '=', learner.accountId).execute()).toHaveLength(0);
      expect((await create(learner.call, enquiryBody([listingIds.online], { mode: 'online' }))).statusCode).toBe(201);
      expect((await create(learner.call, enquiryBody([listingIds.weekendCentre], { mode: 'any' }))).statusCode).toBe(201);
    });
  });

  describe('reading and ownership', () => {
    test("a learner lists her own enquiries newest first, filtered open or ended; the seed holds every state", async () => {
      const all = (await asha('GET', URL)).json().enquiries as Enquiry[];
      expect(all.map((enquiry) => enquiry.state).sort()).toEqual([...enquiryStates].sort());
      expect(all.map((enquiry) => enquiry.id).sort()).toEqual(Object.values(wellKnownEnquiryIds).sort());
      const created = all.map((enquiry) => enquiry.createdAt);
      expect(created).toEqual([...created].sort().reverse());

      const open = (await asha('GET', `${URL}?status=open`)).json().enquiries as Enquiry[];
      const ended = (await asha('GET', `${URL}?status=ended`)).json().enquiries as Enquiry[];
      expect(open.every((enquiry) => isOpenEnquiry(enquiry.state))).toBe(true);
      expect(ended.every((enquiry) => !isOpenEnquiry(enquiry.state))).toBe(true);
      expect(open.length + ended.length).toBe(10);
      expectError(await asha('GET', `${URL}?status=closed`), 400, 'VALIDATION_ERROR', 'querystring.status');
    });

    test('seeded enquiries are consistent: history ends in the state, offers point at real batches and sessions', async () => {
      for (const state of enquiryStates) {
        const response = await asha('GET', `${URL}/${wellKnownEnquiryIds[state]}`);
        expect(response.statusCode).toBe(200);
        const enquiry = response.json() as Enquiry;
        expect(enquiry.state).toBe(state);
        expect(enquiry.history[0]).toMatchObject({ action: 'create', state: 'sent', by: 'learner' });
        expect(enquiry.history.at(-1)?.state).toBe(state);
        expect(enquiry.respondBy !== null).toBe(state === 'sent' || state === 'seen');
        if (enquiry.respondBy) expect(Date.parse(enquiry.respondBy)).toBeGreaterThan(ENQUIRY_TEST_NOW.getTime());
        expect(enquiry.createdAt < ENQUIRY_TEST_NOW.toISOString()).toBe(true);
        const offerKind = { demo_offered: 'demo', demo_booked: 'demo', batch_offered: 'batch', enrolled: 'batch' }[state as string] ?? null;
        expect(enquiry.offer?.kind ?? null).toBe(offerKind);
        if (enquiry.offer) {
          expect(enquiry.offer.batch.plans.length).toBeGreaterThan(0);
          expect(enquiry.offer.batch.plans.every((plan) => Number.isInteger(plan.pricePaise) && plan.pricePaise > 0)).toBe(true);
        }
        if (enquiry.offer?.kind === 'demo') expect(Date.parse(enquiry.offer.session.startsAt)).toBeGreaterThan(ENQUIRY_TEST_NOW.getTime());
        expect(enquiry.batchStudentId !== null).toBe(state === 'enrolled');
      }
      const enrolled = await testApp.db.selectFrom('batch_students').selectAll().where('enquiry_id', '=', wellKnownEnquiryIds.enrolled).execute();
      expect(enrolled).toHaveLength(1);
      const toTeacherOfTheDay = await testApp.db.selectFrom('enquiries').select('id').where('teacher_id', '=', teacherId).execute();
      expect(toTeacherOfTheDay.length).toBeGreaterThanOrEqual(3);
    });

    test('the addressed teacher lists and reads them, with the actions a teacher may take', async () => {
      const list = (await teacher('GET', URL)).json().enquiries as Enquiry[];
      expect(list.length).toBeGreaterThanOrEqual(3);
      expect(list.every((enquiry) => enquiry.teacher.id === teacherId)).toBe(true);
      const sent = await teacher('GET', `${URL}/${wellKnownEnquiryIds.sent}`);
      expect(sent.statusCode).toBe(200);
      expect(sent.json().allowedActions).toEqual(['mark_seen', 'respond', 'propose_demo', 'offer_batch', 'decline']);
      expect((await asha('GET', `${URL}/${wellKnownEnquiryIds.sent}`)).json().allowedActions).toEqual(['close']);
    });

    test('another learner and another teacher get 404 on every route; nothing changes', async () => {
      const id = wellKnownEnquiryIds.sent;
      const learnerRoutes: [ 'GET' | 'POST' | 'PATCH', string, object?][] = [
        ['GET', `${URL}/${id}`],
        ['PATCH', `${URL}/${id}`, { goals: 'Taken over' }],
        ['POST', `${URL}/${id}/connect`, { offer: 'demo' }],
        ['POST', `${URL}/${id}/close`, {}],
        ['POST', `${URL}/${id}/payments`],
      ];
      for (const [method, url, payload] of learnerRoutes) expectError(await rahul(method, url, payload), 404, 'ENQUIRY_NOT_FOUND');
      const teacherRoutes: [string, object?][] = [
        ['seen'],
        ['respond', { message: 'Hello' }],
        ['propose-demo', { sessionId: UNKNOWN_ID }],
        ['offer-batch', { batchId: UNKNOWN_ID }],
        ['decline', { reason: 'No' }],
      ];
      expectError(await otherTeacher('GET', `${URL}/${id}`), 404, 'ENQUIRY_NOT_FOUND');
      for (const [route, payload] of teacherRoutes) expectError(await otherTeacher('POST', `${URL}/${id}/${route}`, payload), 404, 'ENQUIRY_NOT_FOUND');
      expect((await otherTeacher('GET', URL)).json().enquiries.map((enquiry: Enquiry) => enquiry.id)).not.toContain(id);
      expect((await rahul('GET', URL)).json().enquiries).toEqual([]);
      const row = await testApp.db.selectFrom('enquiries').select(['state', 'goals']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toEqual({ state: 'sent', goals: null });
    });

    test("learners cannot use the teacher's routes, nor teachers the learner's: 403", async () => {
      const id = wellKnownEnquiryIds.sent;
      for (const [route, payload] of [['seen'], ['respond', { message: 'Hi' }], ['propose-demo', { sessionId: UNKNOWN_ID }], ['offer-batch', { batchId: UNKNOWN_ID }], ['decline', { reason: 'x' }]] as [string, object?][]) {
        expectError(await asha('POST', `${URL}/${id}/${route}`, payload), 403, 'FORBIDDEN');
      }
      expectError(await teacher('PATCH', `${URL}/${id}`, { goals: 'x' }), 403, 'FORBIDDEN');
      expectError(await teacher('POST', `${URL}/${id}/connect`, { offer: 'demo' }), 403, 'FORBIDDEN');
      expectError(await teacher('POST', `${URL}/${id}/close`, {}), 403, 'FORBIDDEN');
      expectError(await teacher('POST', `${URL}/${id}/payments`), 403, 'FORBIDDEN');
    });

    test('unknown ids are 404, malformed ids 400, and no token 401', async () => {
      expectError(await asha('GET', `${URL}/${UNKNOWN_ID}`), 404, 'ENQUIRY_NOT_FOUND');
      expectError(await teacher('POST', `${URL}/${UNKNOWN_ID}/seen`), 404, 'ENQUIRY_NOT_FOUND');
      expectError(await asha('GET', `${URL}/not-a-uuid`), 400, 'INVALID_ID');
      const anonymous = await testApp.app.inject({ method: 'GET', url: URL });
      expectError(anonymous, 401, 'UNAUTHORIZED');
    });
  });

  describe('from enquiry to enrolment', () => {
    test('the teacher answers and offers a demo, the learner books it, then enrols in a batch and starts paying', async () => {
      const learner = await newLearner('+919700000110');
      const student = (await learner.call('POST', `/v1/user/accounts/${learner.accountId}/addStudent`, { name: 'Aarav' })).json();
      const created = (await create(learner.call, enquiryBody([teacherListings.at(-1) ?? ''], { studentId: student.id }))).json();
      const id: string = created.enquiries[0].enquiry.id;
      const respondBy: string = created.enquiries[0].enquiry.respondBy;
      const { batchId, sessionId, startsAt } = await teacherBatchWithSession(testApp.db, teacherId, ENQUIRY_TEST_NOW);

      const seen = (await teacher('POST', `${URL}/${id}/seen`)).json();
      expect(seen).toMatchObject({ state: 'seen', respondBy });
      const again = await teacher('POST', `${URL}/${id}/seen`);
      expect(again.statusCode).toBe(200);
      expect(again.json().history).toHaveLength(2);

      const responded = (await teacher('POST', `${URL}/${id}/respond`, { message: '  Happy to teach Aarav. ' })).json();
      expect(responded).toMatchObject({ state: 'responded', respondBy: null, teacherMessage: 'Happy to teach Aarav.' });

      const demo = await teacher('POST', `${URL}/${id}/propose-demo`, { sessionId, message: 'Come on Saturday' });
      expect(demo.statusCode).toBe(200);
      expect(demo.json().offer).toEqual({
        kind: 'demo',
        session: { id: sessionId, startsAt: startsAt.toISOString(), endsAt: expect.any(String) },
        batch: expect.objectContaining({ id: batchId, seatsLeft: expect.any(Number), plans: expect.any(Array) }),
      });
      expect(demo.json().offer.batch.plans[0]).toEqual({ id: expect.any(String), name: expect.any(String), classesCount: expect.any(Number), pricePaise: expect.any(Number), pricePerClassPaise: expect.any(Number), validityDays: expect.any(Number) });
      expect((await learner.call('GET', `${URL}/${id}`)).json().allowedActions).toEqual(['accept_demo', 'close']);

      expectError(await learner.call('POST', `${URL}/${id}/connect`, { offer: 'batch' }), 409, 'OFFER_CHANGED');
      // A demo class cancelled after it was offered cannot be booked.
      await testApp.db.updateTable('class_sessions').set({ status: 'cancelled', cancelled_at: new Date(), cancel_reason: 'Teacher unwell' }).where('id', '=', sessionId).execute();
      expectError(await learner.call('POST', `${URL}/${id}/connect`, { offer: 'demo' }), 409, 'OFFER_CHANGED', 'cancelled');
      await testApp.db.updateTable('class_sessions').set({ status: 'scheduled', cancelled_at: null, cancel_reason: null }).where('id', '=', sessionId).execute();
      const booked = await learner.call('POST', `${URL}/${id}/connect`, { offer: 'demo' });
      expect(booked.json()).toMatchObject({ state: 'demo_booked', offer: { kind: 'demo' } });
      const bookedAgain = await learner.call('POST', `${URL}/${id}/connect`, { offer: 'demo' });
      expect(bookedAgain.statusCode).toBe(200);
      expect(bookedAgain.json().history).toHaveLength(booked.json().history.length);

      expectError(await learner.call('POST', `${URL}/${id}/payments`), 409, 'INVALID_TRANSITION', 'demo_booked');
      const offered = (await teacher('POST', `${URL}/${id}/offer-batch`, { batchId })).json();
      expect(offered).toMatchObject({ state: 'batch_offered', offer: { kind: 'batch', batch: { id: batchId } } });
      expectError(await learner.call('POST', `${URL}/${id}/connect`, { offer: 'demo' }), 409, 'OFFER_CHANGED');

      const seatsBefore = (await testApp.db.selectFrom('batches').select('seats_taken').where('id', '=', batchId).executeTakeFirstOrThrow()).seats_taken;
      const enrolled = await learner.call('POST', `${URL}/${id}/connect`, { offer: 'batch' });
      expect(enrolled.statusCode).toBe(200);
      expect(enrolled.json()).toMatchObject({ state: 'enrolled', allowedActions: [], student: { id: student.id, name: 'Aarav' } });
      const batchStudentId: string = enrolled.json().batchStudentId;
      const enrolledAgain = await learner.call('POST', `${URL}/${id}/connect`, { offer: 'batch' });
      expect(enrolledAgain.statusCode).toBe(200);
      expect(enrolledAgain.json().batchStudentId).toBe(batchStudentId);

      const rows = await testApp.db.selectFrom('batch_students').selectAll().where('enquiry_id', '=', id).execute();
      expect(rows).toEqual([
        expect.objectContaining({ id: batchStudentId, batch_id: batchId, learner_account_id: learner.accountId, student_id: student.id, status: 'enrolled' }),
      ]);
      const seatsAfter = (await testApp.db.selectFrom('batches').select('seats_taken').where('id', '=', batchId).executeTakeFirstOrThrow()).seats_taken;
      expect(seatsAfter).toBe(seatsBefore + 1);

      const payment = await learner.call('POST', `${URL}/${id}/payments`);
      expect(payment.statusCode).toBe(200);
      expect(payment.json()).toMatchObject({
        batchStudentId,
        paymentPath: `/payments/select-payment-plan?batchStudentID=${batchStudentId}`,
        batch: { id: batchId },
      });

      // Until a class pack is paid for, the enrolment still asks for one; a pack awaiting payment is not paid.
      expect(enrolled.json().classPackPaid).toBe(false);
      const plan = payment.json().batch.plans[0];
      const pack = await testApp.db
        .insertInto('batch_student_plans')
        .values({ batch_student_id: batchStudentId, class_pack_plan_id: plan.id, classes_total: plan.classesCount, price_paise: plan.pricePaise, validity_days: plan.validityDays, status: 'pending_payment', created_at: ENQUIRY_TEST_NOW, updated_at: ENQUIRY_TEST_NOW })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect((await learner.call('GET', `${URL}/${id}`)).json().classPackPaid).toBe(false);
      await testApp.db.updateTable('batch_student_plans').set({ status: 'active', paid_paise: plan.pricePaise, valid_from: '2025-06-01', valid_until: '2025-07-15' }).where('id', '=', pack.id).execute();
      expect((await learner.call('GET', `${URL}/${id}`)).json().classPackPaid).toBe(true);

      const history = (enrolledAgain.json() as Enquiry).history.map((event) => [event.action, event.state, event.by]);
      expect(history).toEqual([
        ['create', 'sent', 'learner'],
        ['mark_seen', 'seen', 'teacher'],
        ['respond', 'responded', 'teacher'],
        ['propose_demo', 'demo_offered', 'teacher'],
        ['accept_demo', 'demo_booked', 'learner'],
        ['offer_batch', 'batch_offered', 'teacher'],
        ['enrol', 'enrolled', 'learner'],
      ]);
      const texts = await testApp.db.selectFrom('message_outbox').select(['kind', 'to_phone']).where('enquiry_id', '=', id).orderBy('created_at').orderBy('kind').execute();
      const teacherPhone = wellKnownTeacher.phone;
      expect(texts.map((text) => [text.kind, text.to_phone]).sort()).toEqual(
        [
          ['enquiry.create', teacherPhone],
          ['enquiry.respond', learner.phone],
          ['enquiry.propose_demo', learner.phone],
          ['enquiry.accept_demo', teacherPhone],
          ['enquiry.offer_batch', learner.phone],
          ['enquiry.enrol', teacherPhone],
        ].sort(),
      );
    });

    test('full batches, and batches and sessions that are not the teacher’s, are refused', async () => {
      const learner = await newLearner('+919700000111');
      const id: string = (await create(learner.call, enquiryBody([teacherListings[0] ?? '']))).json().enquiries[0].enquiry.id;
      const { batchId } = await teacherBatchWithSession(testApp.db, teacherId, ENQUIRY_TEST_NOW);
      const foreign = await teacherBatchWithSession(testApp.db, (await testApp.db.selectFrom('teacher_listings').select('teacher_id').where('id', '=', otherListings[0] ?? '').executeTakeFirstOrThrow()).teacher_id, ENQUIRY_TEST_NOW);
      const past = await testApp.db
        .selectFrom('class_sessions')
        .select('id')
        .where('batch_id', '=', batchId)
        .where('starts_at', '<=', ENQUIRY_TEST_NOW)
        .executeTakeFirst();

      expectError(await teacher('POST', `${URL}/${id}/offer-batch`, { batchId: foreign.batchId }), 404, 'BATCH_NOT_FOUND', 'body.batchId');
      expectError(await teacher('POST', `${URL}/${id}/offer-batch`, { batchId: UNKNOWN_ID }), 404, 'BATCH_NOT_FOUND');
      expectError(await teacher('POST', `${URL}/${id}/propose-demo`, { sessionId: foreign.sessionId }), 404, 'SESSION_NOT_FOUND', 'body.sessionId');
      if (past) expectError(await teacher('POST', `${URL}/${id}/propose-demo`, { sessionId: past.id }), 404, 'SESSION_NOT_FOUND');

      await testApp.db.updateTable('batches').set((eb) => ({ seats_taken: eb.ref('capacity') })).where('id', '=', batchId).execute();
      expectError(await teacher('POST', `${URL}/${id}/offer-batch`, { batchId }), 409, 'BATCH_FULL');
      await testApp.db.updateTable('batches').set((eb) => ({ seats_taken: eb('capacity', '-', 1) })).where('id', '=', batchId).execute();
      expect((await teacher('POST', `${URL}/${id}/offer-batch`, { batchId })).json().state).toBe('batch_offered');

      // The last seat goes to someone else between the offer and the enrolment.
      await testApp.db.updateTable('batches').set((eb) => ({ seats_taken: eb.ref('capacity') })).where('id', '=', batchId).execute();
      expectError(await learner.call('POST', `${URL}/${id}/connect`, { offer: 'batch' }), 409, 'BATCH_FULL');
      expect((await learner.call('GET', `${URL}/${id}`)).json().state).toBe('batch_offered');
      expect(await testApp.db.selectFrom('batch_students').select('id').where('enquiry_id', '=', id).execute()).toEqual([]);
      await testApp.db.updateTable('batches').set({ seats_taken: 0 }).where('id', '=', batchId).execute();

      const rahulsStudent = wellKnownLearners.rahul.students[0].id;
      expectError(await learner.call('POST', `${URL}/${id}/connect`, { offer: 'batch', studentId: rahulsStudent }), 404, 'STUDENT_NOT_FOUND');
    });

    test('enrichment reaches every open enquiry of the submission, and ends with them', async () => {
      const learner = await newLearner('+919700000112');
      const student = (await learner.call('POST', `/v1/user/accounts/${learner.accountId}/addStudent`, { name: 'Diya' })).json();
      const created = (await create(learner.call, enquiryBody([otherListings[1] ?? '', otherListings[2] ?? '', otherListings[3] ?? '']))).json();
      const [first, second, third] = created.enquiries.map((entry: { enquiry: Enquiry }) => entry.enquiry.id) as string[];
      expect((await learner.call('POST', `${URL}/${third}/close`, { reason: 'Too far' })).json()).toMatchObject({ state: 'closed', allowedActions: [] });

      const enriched = await learner.call('PATCH', `${URL}/${first}`, { studentId: student.id, studentAgeYears: 9, level: 'beginner', goals: '  Grade 1 exam ' });
      expect(enriched.statusCode).toBe(200);
      expect(enriched.json()).toMatchObject({ student: { id: student.id, name: 'Diya' }, details: { studentAgeYears: 9, level: 'beginner', goals: 'Grade 1 exam' } });
      expect(enriched.json().history.at(-1)).toMatchObject({ action: 'enrich', state: 'sent', by: 'learner' });
      expect((await learner.call('GET', `${URL}/${second}`)).json().details).toEqual({ studentAgeYears: 9, level: 'beginner', goals: 'Grade 1 exam' });
      expect((await learner.call('GET', `${URL}/${third}`)).json().details).toEqual({ studentAgeYears: null, level: null, goals: null });

      expect((await learner.call('PATCH', `${URL}/${second}`, { goals: null })).json().details.goals).toBeNull();
      expectError(await learner.call('PATCH', `${URL}/${first}`, {}), 400, 'VALIDATION_ERROR');
      expectError(await learner.call('PATCH', `${URL}/${first}`, { studentAgeYears: 1 }), 400, 'VALIDATION_ERROR', 'body.studentAgeYears');
      expectError(await learner.call('PATCH', `${URL}/${first}`, { studentId: wellKnownLearners.rahul.students[0].id }), 404, 'STUDENT_NOT_FOUND');
      expectError(await learner.call('PATCH', `${URL}/${third}`, { level: 'advanced' }), 409, 'INVALID_TRANSITION', 'closed');
    });
  });

  test('the relay sends pending texts through the SMS sender into sms_outbox, once each', async () => {
    const pending = await testApp.db.selectFrom('message_outbox').select(['id', 'to_phone', 'body']).where('sent_at', 'is', null).execute();
    expect(pending.length).toBeGreaterThan(0);
    const relay = createMessageRelay(testApp.db, createSmsSender(testApp.db, undefined), () => ENQUIRY_TEST_NOW);
    expect(await relay.deliverDue(1000)).toEqual({ sent: pending.length, failed: 0 });
    expect(await relay.deliverDue(1000)).toEqual({ sent: 0, failed: 0 });
    const unsent = await testApp.db.selectFrom('message_outbox').select('id').where('sent_at', 'is', null).execute();
    expect(unsent).toEqual([]);

    const toTeacher = pending.find((row) => row.to_phone === wellKnownTeacher.phone && row.body.startsWith('Kalike: a new enquiry'));
    expect(await outboxTexts(testApp.app, wellKnownTeacher.phone, 1000)).toContain(toTeacher?.body);
  });

  test('the OpenAPI document describes every enquiry route with its error responses', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const paths = document.paths as Record<string, Record<string, { summary?: string; responses: Record<string, unknown> }>>;
    const expected: [string, string, string[]][] = [
      ['/v1/marketplace/enquiries', 'post', ['200', '201', '400', '401', '403', '404', '422']],
      ['/v1/marketplace/enquiries', 'get', ['200', '400', '401']],
      ['/v1/marketplace/enquiries/{id}', 'get', ['200', '400', '401', '404']],
      ['/v1/marketplace/enquiries/{id}', 'patch', ['200', '400', '401', '403', '404', '409']],
      ...['connect', 'close', 'payments', 'seen', 'respond', 'propose-demo', 'offer-batch', 'decline'].map(
        (route): [string, string, string[]] => [`/v1/marketplace/enquiries/{id}/${route}`, 'post', ['200', '400', '401', '403', '404', '409']],
      ),
    ];
    for (const [path, method, statuses] of expected) {
      const operation = paths[path]?.[method];
      expect(operation?.summary).toEqual(expect.any(String));
      expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(statuses));
    }
  });
});
