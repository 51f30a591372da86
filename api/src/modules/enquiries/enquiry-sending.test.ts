import { sql } from 'kysely';
import type { Enquiry } from '@kalike/shared/contracts/enquiries';
import { enquiryLimits, enquiryResponseWindowHours } from '@kalike/shared/domain/enquiry-lifecycle';
import { wellKnownLearners, wellKnownTeacher } from '../../db/seed/accounts';
import { caller, ENQUIRY_TEST_NOW, enquiryBody, newIdempotencyKey, otherTeachersListingIds } from '../../testing/enquiry-fixtures';
import type { TestApp } from '../../testing/build-test-app';
import { createEnquiries, ENQUIRIES_URL, expectError, enquiryParties, type Call, type EnquiryParties } from '../../testing/enquiry-parties';
import { outboxTexts } from '../../testing/sign-in';
import { createMessageRelay } from '../messaging/message-relay';
import { createSmsSender } from '../sms/sms-sender';
import { toldAboutEnquiry } from '../../testing/notices';

const UNKNOWN_ID = '7d6f0e4a-3b1c-4d2e-9f80-123456789abc';

describe('sending enquiries', () => {
  const parties = enquiryParties();
  let testApp: TestApp;
  let rahul: Call;
  let teacher: Call;
  let teacherId: string;
  let teacherListings: string[];
  let otherListings: string[];
  let newLearner: EnquiryParties['newLearner'];

  beforeAll(() => {
    ({ testApp, rahul, teacher, teacherId, teacherListings, otherListings, newLearner } = parties());
  });

  test('the well-known teacher is the teacher of the day and signs in as a Teacher', async () => {
    expect(teacherId).toMatch(/^[0-9a-f-]{36}$/);
    const badge = await testApp.db
      .selectFrom('teacher_badges')
      .select('badge')
      .where('teacher_id', '=', teacherId)
      .where('badge', '=', 'teacher_of_the_day')
      .executeTakeFirst();
    expect(badge).toBeDefined();
    expect(teacherListings.length).toBeGreaterThanOrEqual(1);
  });

  describe('creating', () => {
    test('one enquiry per teacher in one submission; each teacher is texted in the same transaction', async () => {
      const neha = await newLearner('+919700000101');
      const body = enquiryBody([teacherListings[0] ?? '', otherListings[0] ?? ''], { alternatePhone: '98450 12345', contactName: 'Neha   Kulkarni ' });
      const response = await createEnquiries(neha.call, body);
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
      const told = (await Promise.all(ids.map((id) => toldAboutEnquiry(testApp.db, id)))).flat();
      expect(told).toHaveLength(2);
      const teacherPhone = (await testApp.db.selectFrom('users').select('phone').where('teacher_id', '=', teacherId).executeTakeFirstOrThrow()).phone;
      const [toTeacher] = await toldAboutEnquiry(testApp.db, first?.enquiry.id ?? '');
      expect(toTeacher).toMatchObject({ toPhone: teacherPhone, kind: 'teach.enquiry_new' });
      expect(toTeacher?.body).toBe(`Kalike: a new enquiry for ${first?.enquiry.listing.title}. Reply soon to win the family.`);
      // The teacher's link opens the enquiry in their inbox, where it is answered.
      expect(toTeacher?.link).toBe(`/teach/enquiries/${first?.enquiry.id}`);
    });

    test("a text from Kalike never carries the learner's own words or links", async () => {
      const stranger = await newLearner('+919700000131');
      const lure = 'URGENT from Kalike support: your payouts are on hold. Verify your bank at http://evil.example/kyc';
      const response = await createEnquiries(stranger.call, enquiryBody([otherListings[2] ?? ''], { message: lure, contactName: 'Kalike Support Desk' }));
      expect(response.statusCode).toBe(201);
      const id = response.json().enquiries[0].enquiry.id as string;
      const closed = await stranger.call('POST', `${ENQUIRIES_URL}/${id}/close`, { reason: 'Call +91 98450 00000 now http://evil.example' });
      expect(closed.statusCode).toBe(200);
      const told = await toldAboutEnquiry(testApp.db, id);
      expect(told.map((text) => text.kind).sort()).toEqual(['enquiry.close', 'teach.enquiry_new']);
      for (const { body, link } of told) {
        expect(body).not.toMatch(/URGENT|payouts|evil\.example|Support Desk|98450/);
        // The only link is Kalike's own, to the enquiry on the teacher's side (a notification carries it as its path).
        expect(body.match(/https?:\/\/\S+/g) ?? [`http://localhost:4000${link}`]).toEqual([`http://localhost:4000/teach/enquiries/${id}`]);
      }
    });

    test('a learner can send one teacher only a few new enquiries a day, however often they close them', async () => {
      const learner = await newLearner('+919700000132');
      const listing = otherListings[3] ?? '';
      for (let cycle = 0; cycle < enquiryLimits.perLearnerPerTeacherPerDay; cycle++) {
        const created = await createEnquiries(learner.call, enquiryBody([listing]));
        expect(created.statusCode).toBe(201);
        const id = created.json().enquiries[0].enquiry.id as string;
        expect((await learner.call('POST', `${ENQUIRIES_URL}/${id}/close`, {})).statusCode).toBe(200);
      }
      const refused = await createEnquiries(learner.call, enquiryBody([listing]));
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'TOO_MANY_ENQUIRIES', message: expect.stringMatching(/tomorrow/) });
      // Nothing of the refused submission is kept: other teachers can still be asked.
      expect((await createEnquiries(learner.call, enquiryBody([otherListings[4] ?? '']))).statusCode).toBe(201);
    });

    test('a learner can send only so many new enquiries a day in all', async () => {
      const learner = await newLearner('+919700000133');
      const listings = await otherTeachersListingIds(testApp.db, teacherId, enquiryLimits.perLearnerPerDay + 1);
      expect(listings).toHaveLength(enquiryLimits.perLearnerPerDay + 1);
      const perRequest = enquiryLimits.maxTeachersPerRequest;
      for (let start = 0; start < enquiryLimits.perLearnerPerDay; start += perRequest) {
        expect((await createEnquiries(learner.call, enquiryBody(listings.slice(start, start + perRequest)))).statusCode).toBe(201);
      }
      const refused = await createEnquiries(learner.call, enquiryBody(listings.slice(enquiryLimits.perLearnerPerDay)));
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('TOO_MANY_ENQUIRIES');
    });

    test('the same key and body again answers 200 with the same ids and writes nothing', async () => {
      const learner = await newLearner('+919700000102');
      const key = newIdempotencyKey();
      const body = enquiryBody([otherListings[1] ?? '']);
      const first = await createEnquiries(learner.call, body, key);
      // The same content sent differently (keys in another order, an absent field as null) is the same submission.
      const reordered = Object.fromEntries(Object.entries({ ...body, alternatePhone: null }).reverse());
      const second = await createEnquiries(learner.call, reordered, key);
      expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
      expect(second.json()).toEqual(first.json());
      const count = await testApp.db
        .selectFrom('enquiries')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('learner_account_id', '=', learner.accountId)
        .executeTakeFirstOrThrow();
      expect(count.n).toBe(1);
      expect(await toldAboutEnquiry(testApp.db, first.json().enquiries[0].enquiry.id)).toHaveLength(1);
    });

    test('five identical submissions at once create exactly one enquiry, one request and one text', async () => {
      const learner = await newLearner('+919700000103');
      const key = newIdempotencyKey();
      const body = enquiryBody([otherListings[2] ?? '']);
      const responses = await Promise.all(Array.from({ length: 5 }, () => createEnquiries(learner.call, body, key)));
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
      const answers = responses.map((response) => response.json());
      expect(new Set(answers.map((answer) => answer.requestId)).size).toBe(1);
      expect(new Set(answers.map((answer) => answer.enquiries[0].enquiry.id)).size).toBe(1);

      const enquiries = await testApp.db.selectFrom('enquiries').select('id').where('learner_account_id', '=', learner.accountId).execute();
      expect(enquiries).toHaveLength(1);
      const requests = await testApp.db.selectFrom('enquiry_requests').select('id').where('learner_account_id', '=', learner.accountId).execute();
      expect(requests).toHaveLength(1);
      expect(await toldAboutEnquiry(testApp.db, enquiries[0]?.id ?? '')).toHaveLength(1);
    });

    test('five submissions at once with different keys for the same teacher collapse to one open enquiry', async () => {
      const learner = await newLearner('+919700000104');
      const body = enquiryBody([otherListings[3] ?? '']);
      const responses = await Promise.all(Array.from({ length: 5 }, () => createEnquiries(learner.call, body)));
      expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
      const entries = responses.map((response) => response.json().enquiries[0]);
      expect(new Set(entries.map((entry) => entry.enquiry.id)).size).toBe(1);
      expect(entries.filter((entry) => entry.created)).toHaveLength(1);
      const enquiries = await testApp.db.selectFrom('enquiries').select('id').where('learner_account_id', '=', learner.accountId).execute();
      expect(enquiries).toHaveLength(1);
    });

    test('a teacher already asked is answered with the open enquiry, created false, beside new ones', async () => {
      const learner = await newLearner('+919700000105');
      const first = (await createEnquiries(learner.call, enquiryBody([otherListings[4] ?? '']))).json();
      const second = await createEnquiries(learner.call, enquiryBody([otherListings[5] ?? '', otherListings[4] ?? '']));
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
      const first = (await createEnquiries(learner.call, enquiryBody([listing], { studentId: saanvi, message: 'For Saanvi' }))).json();

      const second = await createEnquiries(
        learner.call,
        enquiryBody([listing], { studentId: aarav, message: 'For Aarav, weekday evenings', preferredDays: [2, 4], preferredTimes: ['evening'] }),
      );
      expect(second.statusCode).toBe(201);
      const [aaravEntry] = second.json().enquiries;
      expect(aaravEntry.created).toBe(true);
      expect(aaravEntry.enquiry.id).not.toBe(first.enquiries[0].enquiry.id);
      expect(aaravEntry.enquiry).toMatchObject({
        student: { id: aarav, name: 'Aarav' },
        message: 'For Aarav, weekday evenings',
        preferredDays: [2, 4],
        preferredTimes: ['evening'],
      });

      // The learner themself is a third conversation with the same teacher.
      const self = (await createEnquiries(learner.call, enquiryBody([listing], { studentId: null }))).json();
      expect(self.enquiries[0]).toMatchObject({ created: true, enquiry: { student: null } });

      // Saanvi again: her open enquiry, said to be not new, and nothing else written.
      const again = await createEnquiries(learner.call, enquiryBody([listing], { studentId: saanvi, message: 'Another try' }));
      expect(again.json().enquiries[0]).toMatchObject({ created: false, enquiry: { id: first.enquiries[0].enquiry.id, message: 'For Saanvi' } });
      const open = await testApp.db.selectFrom('enquiries').select('student_id').where('learner_account_id', '=', learner.accountId).execute();
      expect(open.map((row) => row.student_id).sort()).toEqual([saanvi, aarav, null].sort());

      // Renaming Aarav's enquiry to Saanvi would make two open ones about her: refused, nothing changed.
      const clash = await learner.call('PATCH', `${ENQUIRIES_URL}/${aaravEntry.enquiry.id}`, { studentId: saanvi });
      expectError(clash, 409, 'ENQUIRY_ALREADY_OPEN', 'body.studentId');
      expect((await learner.call('GET', `${ENQUIRIES_URL}/${aaravEntry.enquiry.id}`)).json().student).toMatchObject({ id: aarav });
    });

    test('the same key with another body is 422 IDEMPOTENCY_KEY_REUSED', async () => {
      const learner = await newLearner('+919700000106');
      const key = newIdempotencyKey();
      expect((await createEnquiries(learner.call, enquiryBody([otherListings[6] ?? '']), key)).statusCode).toBe(201);
      expectError(
        await createEnquiries(learner.call, enquiryBody([otherListings[6] ?? ''], { message: 'Changed my mind' }), key),
        422,
        'IDEMPOTENCY_KEY_REUSED',
      );
      const count = await testApp.db.selectFrom('enquiries').select('id').where('learner_account_id', '=', learner.accountId).execute();
      expect(count).toHaveLength(1);
    });

    test('the Idempotency-Key header is required and must be well formed', async () => {
      const body = enquiryBody([otherListings[7] ?? '']);
      expectError(await rahul('POST', ENQUIRIES_URL, body), 400, 'IDEMPOTENCY_KEY_REQUIRED');
      expectError(await createEnquiries(rahul, body, 'short'), 400, 'VALIDATION_ERROR', 'headers.idempotency-key');
      expectError(await createEnquiries(rahul, body, 'x'.repeat(65)), 400, 'VALIDATION_ERROR', 'headers.idempotency-key');
      expectError(await createEnquiries(rahul, body, 'has spaces in the key!'), 400, 'VALIDATION_ERROR', 'headers.idempotency-key');
    });

    test('a submission that fails part-way writes nothing: no enquiry, no request, no text, no name', async () => {
      const learner = await newLearner('+919700000107');
      const inactive = await testApp.db.selectFrom('teacher_listings').select('id').where('is_active', '=', false).executeTakeFirstOrThrow();
      const totals = async () =>
        Promise.all(
          (['enquiries', 'enquiry_requests', 'enquiry_events', 'message_outbox', 'notifications'] as const).map(
            async (table) =>
              (
                await testApp.db
                  .selectFrom(table)
                  .select(sql<number>`count(*)::int`.as('n'))
                  .executeTakeFirstOrThrow()
              ).n,
          ),
        );
      const before = await totals();
      // The first target is written (enquiry, event, text) before the second is found inactive.
      expectError(
        await createEnquiries(learner.call, enquiryBody([otherListings[0] ?? '', inactive.id])),
        404,
        'LISTING_NOT_FOUND',
        'body.targets.1.listingId',
      );
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
        (
          await testApp.db
            .selectFrom('programs')
            .select('id')
            .where('listing_id', '!=', teacherListings[0] ?? '')
            .executeTakeFirstOrThrow()
        ).id;

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
        expectError(await createEnquiries(learner.call, { ...enquiryBody([teacherListings[0] ?? '']), ...overrides }), 400, 'VALIDATION_ERROR', field);
      });

      test('a listing named twice and more than five targets are 400', async () => {
        const twice = enquiryBody([otherListings[0] ?? '', otherListings[0] ?? '']);
        expectError(await createEnquiries(learner.call, twice), 400, 'VALIDATION_ERROR', 'body.targets.1.listingId');
        expectError(await createEnquiries(learner.call, enquiryBody(otherListings.slice(0, 6))), 400, 'VALIDATION_ERROR', 'body.targets');
      });

      test("another account's student, another listing's program, an unknown listing are 404", async () => {
        const rahulsStudent = wellKnownLearners.rahul.students[0].id;
        expectError(
          await createEnquiries(learner.call, enquiryBody([teacherListings[0] ?? ''], { studentId: rahulsStudent })),
          404,
          'STUDENT_NOT_FOUND',
          'body.studentId',
        );
        const programTarget = { targets: [{ listingId: teacherListings[0] ?? '', programId: await foreignProgram() }] };
        expectError(await createEnquiries(learner.call, enquiryBody([], programTarget)), 404, 'PROGRAM_NOT_FOUND', 'body.targets.0.programId');
        expectError(await createEnquiries(learner.call, enquiryBody([UNKNOWN_ID])), 404, 'LISTING_NOT_FOUND', 'body.targets.0.listingId');
      });

      afterAll(async () => {
        const written = await testApp.db.selectFrom('enquiries').select('id').where('learner_account_id', '=', learner.accountId).execute();
        expect(written).toEqual([]);
      });
    });

    test('a program of the listing is kept on the enquiry', async () => {
      const learner = await newLearner('+919700000109');
      const program = await testApp.db
        .selectFrom('programs')
        .select(['id', 'name'])
        .where('listing_id', '=', teacherListings[0] ?? '')
        .executeTakeFirstOrThrow();
      const response = await createEnquiries(learner.call, enquiryBody([], { targets: [{ listingId: teacherListings[0] ?? '', programId: program.id }] }));
      expect(response.statusCode).toBe(201);
      expect(response.json().enquiries[0].enquiry.program).toEqual({ id: program.id, name: program.name });
    });

    test('teachers cannot send enquiries', async () => {
      expectError(await createEnquiries(teacher, enquiryBody([otherListings[0] ?? ''])), 403, 'FORBIDDEN');
    });

    test('a teacher learning on the same phone cannot enquire with their own listing: 409 OWN_LISTING and nothing is sent', async () => {
      const switched = await teacher('POST', '/v1/auth/switch-role', { role: 'Learner' });
      expect(switched.statusCode).toBe(200);
      const asLearner = caller(testApp.app, switched.json().tokens.accessToken as string);
      const learnerAccountId = switched.json().user.learnerAccount.id as string;
      const own = teacherListings[0] ?? '';

      expectError(await createEnquiries(asLearner, enquiryBody([own])), 409, 'OWN_LISTING', 'body.targets.0.listingId');
      // With another teacher's listing in the same submission, none is sent.
      expectError(await createEnquiries(asLearner, enquiryBody([otherListings[7] ?? '', own])), 409, 'OWN_LISTING', 'body.targets.1.listingId');
      const sent = await testApp.db.selectFrom('enquiries').select('id').where('learner_account_id', '=', learnerAccountId).execute();
      expect(sent).toEqual([]);

      // Another teacher's listing alone is fine: they may learn like anyone else.
      expect((await createEnquiries(asLearner, enquiryBody([otherListings[7] ?? '']))).statusCode).toBe(201);
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

    const toTeacher = pending.find((row) => row.to_phone === wellKnownTeacher.phone) ?? pending[0];
    expect(await outboxTexts(testApp.app, toTeacher?.to_phone ?? '', 1000)).toContain(toTeacher?.body);
  });
});
