import type { Enquiry } from '@kalike/shared/contracts/enquiries';
import { enquiryStates, isOpenEnquiry } from '@kalike/shared/domain/enquiry-lifecycle';
import { wellKnownLearners } from '../../db/seed/accounts';
import { wellKnownEnquiryIds } from '../../db/seed/enquiries';
import { ENQUIRY_TEST_NOW } from '../../testing/enquiry-fixtures';
import type { TestApp } from '../../testing/build-test-app';
import { ENQUIRIES_URL, expectError, enquiryParties, type Call } from '../../testing/enquiry-parties';

const UNKNOWN_ID = '7d6f0e4a-3b1c-4d2e-9f80-123456789abc';

describe('reading enquiries', () => {
  const parties = enquiryParties();
  let testApp: TestApp;
  let asha: Call;
  let rahul: Call;
  let teacher: Call;
  let otherTeacher: Call;
  let teacherId: string;

  beforeAll(() => {
    ({ testApp, asha, rahul, teacher, otherTeacher, teacherId } = parties());
  });

  describe('reading and ownership', () => {
    test('a learner lists her own enquiries newest first, filtered open or ended; the seed holds every state', async () => {
      const all = (await asha('GET', ENQUIRIES_URL)).json().enquiries as Enquiry[];
      expect(all.map((enquiry) => enquiry.state).sort()).toEqual([...enquiryStates].sort());
      expect(all.map((enquiry) => enquiry.id).sort()).toEqual(Object.values(wellKnownEnquiryIds).sort());
      const created = all.map((enquiry) => enquiry.createdAt);
      expect(created).toEqual([...created].sort().reverse());

      const open = (await asha('GET', `${ENQUIRIES_URL}?status=open`)).json().enquiries as Enquiry[];
      const ended = (await asha('GET', `${ENQUIRIES_URL}?status=ended`)).json().enquiries as Enquiry[];
      expect(open.every((enquiry) => isOpenEnquiry(enquiry.state))).toBe(true);
      expect(ended.every((enquiry) => !isOpenEnquiry(enquiry.state))).toBe(true);
      expect(open.length + ended.length).toBe(10);
      expectError(await asha('GET', `${ENQUIRIES_URL}?status=closed`), 400, 'VALIDATION_ERROR', 'querystring.status');
    });

    test('seeded enquiries are consistent: history ends in the state, offers point at real batches and sessions', async () => {
      for (const state of enquiryStates) {
        const response = await asha('GET', `${ENQUIRIES_URL}/${wellKnownEnquiryIds[state]}`);
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
      const list = (await teacher('GET', ENQUIRIES_URL)).json().enquiries as Enquiry[];
      expect(list.length).toBeGreaterThanOrEqual(3);
      expect(list.every((enquiry) => enquiry.teacher.id === teacherId)).toBe(true);
      const sent = await teacher('GET', `${ENQUIRIES_URL}/${wellKnownEnquiryIds.sent}`);
      expect(sent.statusCode).toBe(200);
      expect(sent.json().allowedActions).toEqual(['mark_seen', 'respond', 'propose_demo', 'offer_batch', 'decline']);
      expect((await asha('GET', `${ENQUIRIES_URL}/${wellKnownEnquiryIds.sent}`)).json().allowedActions).toEqual(['close']);
    });

    test('another learner and another teacher get 404 on every route; nothing changes', async () => {
      const id = wellKnownEnquiryIds.sent;
      const learnerRoutes: ['GET' | 'POST' | 'PATCH', string, object?][] = [
        ['GET', `${ENQUIRIES_URL}/${id}`],
        ['PATCH', `${ENQUIRIES_URL}/${id}`, { goals: 'Taken over' }],
        ['POST', `${ENQUIRIES_URL}/${id}/connect`, { offer: 'demo' }],
        ['POST', `${ENQUIRIES_URL}/${id}/close`, {}],
        ['POST', `${ENQUIRIES_URL}/${id}/payments`],
      ];
      for (const [method, url, payload] of learnerRoutes) expectError(await rahul(method, url, payload), 404, 'ENQUIRY_NOT_FOUND');
      const teacherRoutes: [string, object?][] = [
        ['seen'],
        ['respond', { message: 'Hello' }],
        ['propose-demo', { sessionId: UNKNOWN_ID }],
        ['offer-batch', { batchId: UNKNOWN_ID }],
        ['decline', { reason: 'No' }],
      ];
      expectError(await otherTeacher('GET', `${ENQUIRIES_URL}/${id}`), 404, 'ENQUIRY_NOT_FOUND');
      for (const [route, payload] of teacherRoutes)
        expectError(await otherTeacher('POST', `${ENQUIRIES_URL}/${id}/${route}`, payload), 404, 'ENQUIRY_NOT_FOUND');
      expect((await otherTeacher('GET', ENQUIRIES_URL)).json().enquiries.map((enquiry: Enquiry) => enquiry.id)).not.toContain(id);
      expect((await rahul('GET', ENQUIRIES_URL)).json().enquiries).toEqual([]);
      const row = await testApp.db.selectFrom('enquiries').select(['state', 'goals']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toEqual({ state: 'sent', goals: null });
    });

    test("learners cannot use the teacher's routes, nor teachers the learner's: 403", async () => {
      const id = wellKnownEnquiryIds.sent;
      for (const [route, payload] of [
        ['seen'],
        ['respond', { message: 'Hi' }],
        ['propose-demo', { sessionId: UNKNOWN_ID }],
        ['offer-batch', { batchId: UNKNOWN_ID }],
        ['decline', { reason: 'x' }],
      ] as [string, object?][]) {
        expectError(await asha('POST', `${ENQUIRIES_URL}/${id}/${route}`, payload), 403, 'FORBIDDEN');
      }
      expectError(await teacher('PATCH', `${ENQUIRIES_URL}/${id}`, { goals: 'x' }), 403, 'FORBIDDEN');
      expectError(await teacher('POST', `${ENQUIRIES_URL}/${id}/connect`, { offer: 'demo' }), 403, 'FORBIDDEN');
      expectError(await teacher('POST', `${ENQUIRIES_URL}/${id}/close`, {}), 403, 'FORBIDDEN');
      expectError(await teacher('POST', `${ENQUIRIES_URL}/${id}/payments`), 403, 'FORBIDDEN');
    });

    test("a student's age is told from the date of birth on the family's account, in Bengaluru's today", async () => {
      // Born 12 April 2016 (the seed); the tests' today is 2 June 2025.
      const saanvi = wellKnownLearners.asha.students[0];
      const withStudent = await testApp.db.selectFrom('enquiries').select('id').where('student_id', '=', saanvi.id).executeTakeFirstOrThrow();
      const read = (await asha('GET', `${ENQUIRIES_URL}/${withStudent.id}`)).json() as Enquiry;
      expect(read.student).toEqual({ id: saanvi.id, name: 'Saanvi', ageYears: 9 });
    });

    test('unknown ids are 404, malformed ids 400, and no token 401', async () => {
      expectError(await asha('GET', `${ENQUIRIES_URL}/${UNKNOWN_ID}`), 404, 'ENQUIRY_NOT_FOUND');
      expectError(await teacher('POST', `${ENQUIRIES_URL}/${UNKNOWN_ID}/seen`), 404, 'ENQUIRY_NOT_FOUND');
      expectError(await asha('GET', `${ENQUIRIES_URL}/not-a-uuid`), 400, 'INVALID_ID');
      const anonymous = await testApp.app.inject({ method: 'GET', url: ENQUIRIES_URL });
      expectError(anonymous, 401, 'UNAUTHORIZED');
    });
  });

  test('the OpenAPI document describes every enquiry route with its error responses', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const paths = document.paths as Record<string, Record<string, { summary?: string; responses: Record<string, unknown> }>>;
    const expected: [string, string, string[]][] = [
      ['/v1/marketplace/enquiries', 'post', ['200', '201', '400', '401', '403', '404', '409', '422']],
      ['/v1/marketplace/enquiries', 'get', ['200', '400', '401']],
      ['/v1/marketplace/enquiries/{id}', 'get', ['200', '400', '401', '404']],
      ['/v1/marketplace/enquiries/{id}', 'patch', ['200', '400', '401', '403', '404', '409']],
      ...['connect', 'close', 'payments', 'seen', 'respond', 'propose-demo', 'offer-batch', 'decline'].map((route): [string, string, string[]] => [
        `/v1/marketplace/enquiries/{id}/${route}`,
        'post',
        ['200', '400', '401', '403', '404', '409'],
      ]),
    ];
    for (const [path, method, statuses] of expected) {
      const operation = paths[path]?.[method];
      expect(operation?.summary).toEqual(expect.any(String));
      expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(statuses));
    }
  });
});
