import { addDaysToDateKey, istDateKey, weekStartOf } from '@kalike/shared/format/dates';
import type { ClassUpdate } from '@kalike/shared/contracts/class-updates';
import type { SessionRegister, TeacherWeek } from '@kalike/shared/contracts/sessions';
import { sessionGenerationHorizonDays, teacherWeeksBack } from '@kalike/shared/domain/session-values';
import { wellKnownFamily, wellKnownTeacher } from '../../db/seed/accounts';
import { seededHolidayReason, seededTeacherCancelReason } from '../../db/seed/sessions';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { caller } from '../../testing/enquiry-fixtures';
import { newBatchStudent, PAYMENT_TEST_NOW, postWithKey, payOrder, type Call } from '../../testing/payment-fixtures';
import { signIn } from '../../testing/sign-in';
import { noticesTo, noticeTexts } from '../../testing/notices';

type Response = Awaited<ReturnType<Call>>;

function expectError(response: Response, statusCode: number, code: string, field?: string): void {
  expect({ statusCode: response.statusCode, body: response.json() }).toEqual({
    statusCode,
    body: { statusCode, code, message: field ? expect.stringContaining(field) : expect.any(String) },
  });
}

const UNKNOWN_ID = '7d6f0e4a-3b1c-4d2e-9f80-123456789abc';
const TODAY = istDateKey(PAYMENT_TEST_NOW);
const THIS_WEEK = weekStartOf(TODAY);

describe("the teacher's week, register and posts", () => {
  let testApp: TestApp;
  let clock = PAYMENT_TEST_NOW;
  let address = 0;
  let meera: Call;
  let teacher: Call;
  let otherTeacher: Call;
  let otherTeachersBatch: string;

  const signedIn = async (phone: string) =>
    caller(testApp.app, (await signIn(testApp.app, phone, `10.9.${Math.floor(++address / 200)}.${address % 200}`)).tokens.accessToken);

  const sessionsOf = (batchId: string, from: string, until: string) =>
    testApp.db
      .selectFrom('class_sessions')
      .select(['id', 'status'])
      .where('batch_id', '=', batchId)
      .where('occurs_on', '>=', from)
      .where('occurs_on', '<', until)
      .orderBy('starts_at')
      .execute();

  const register = (as: Call, sessionId: string) => as('GET', `/v1/class/sessions/${sessionId}/register`);

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => clock, payments: { sandboxWebhookDelayMs: 60_000 } });
    meera = await signedIn(wellKnownFamily.phone);
    teacher = await signedIn(wellKnownTeacher.phone);
    const teacherId = (await testApp.db.selectFrom('users').select('teacher_id').where('phone', '=', wellKnownTeacher.phone).executeTakeFirstOrThrow())
      .teacher_id;
    const other = await testApp.db
      .selectFrom('batches as b')
      .innerJoin('programs as p', 'p.id', 'b.program_id')
      .innerJoin('teacher_listings as l', 'l.id', 'p.listing_id')
      .innerJoin('users as u', 'u.teacher_id', 'l.teacher_id')
      .select(['b.id', 'u.phone'])
      .where('l.teacher_id', '!=', teacherId ?? '')
      .orderBy('b.id')
      .executeTakeFirstOrThrow();
    otherTeachersBatch = other.id;
    otherTeacher = await signedIn(other.phone);
  });

  afterAll(async () => {
    await testApp.close();
  });

  afterEach(() => {
    clock = PAYMENT_TEST_NOW;
  });

  describe('the week', () => {
    test("this week by default: every class of the teacher's batches Monday to Sunday, soonest first, with its batch and students", async () => {
      const response = await teacher('GET', '/v1/class/sessions/teacher/week');
      expect(response.statusCode).toBe(200);
      const week = response.json() as TeacherWeek;
      expect(week).toMatchObject({ weekOf: THIS_WEEK, until: addDaysToDateKey(THIS_WEEK, 7), today: TODAY, previousWeek: addDaysToDateKey(THIS_WEEK, -7) });
      expect(week.nextWeek).toBe(addDaysToDateKey(THIS_WEEK, 7));
      expect(week.classes.length).toBeGreaterThan(0);
      const starts = week.classes.map((entry) => entry.session.startTime);
      expect(starts).toEqual([...starts].sort());
      expect(week.classes.every((entry) => entry.session.occursOn >= THIS_WEEK && entry.session.occursOn < week.until)).toBe(true);

      // Diya's batch meets Monday, Wednesday and Friday with Meera's child among its students.
      const diyas = week.classes.filter((entry) => entry.batch.id === wellKnownFamily.diya.batchId);
      expect(diyas.length).toBe(3);
      expect(diyas[0]?.studentsCount).toBeGreaterThanOrEqual(1);
      expect(diyas[0]?.batch.place.kind).not.toBe('online');
      // Everything in the week is the teacher's own: the database agrees, class for class.
      const own = await sessionsOf(wellKnownFamily.diya.batchId, THIS_WEEK, week.until);
      expect(diyas.map((entry) => entry.session.id)).toEqual(own.map((row) => row.id));
      expect(week.classes.some((entry) => entry.batch.id === otherTeachersBatch)).toBe(false);
    });

    test('a cancelled class is listed with its reason, and a holiday in the week is named', async () => {
      let withCancelled: TeacherWeek | undefined;
      let withHoliday: TeacherWeek | undefined;
      for (let weekOf = THIS_WEEK; weekOf <= addDaysToDateKey(THIS_WEEK, 21); weekOf = addDaysToDateKey(weekOf, 7)) {
        const week = (await teacher('GET', `/v1/class/sessions/teacher/week?week=${weekOf}`)).json() as TeacherWeek;
        if (week.classes.some((entry) => entry.session.cancelReason === seededTeacherCancelReason)) withCancelled ??= week;
        if (week.holidays.some((holiday) => holiday.reason === seededHolidayReason)) withHoliday ??= week;
      }
      const cancelled = withCancelled?.classes.find((entry) => entry.session.cancelReason === seededTeacherCancelReason);
      expect(cancelled?.session.status).toBe('cancelled');
      expect(cancelled?.batch.id).toBe(wellKnownFamily.diya.batchId);
      expect(withHoliday?.holidays.find((holiday) => holiday.reason === seededHolidayReason)).toMatchObject({
        batchId: wellKnownFamily.aarav.batchId,
        batchName: expect.any(String),
      });
    });

    test('a past week shows the classes already held', async () => {
      const weekOf = addDaysToDateKey(THIS_WEEK, -7);
      const week = (await teacher('GET', `/v1/class/sessions/teacher/week?week=${weekOf}`)).json() as TeacherWeek;
      const statuses = week.classes.filter((entry) => entry.batch.id === wellKnownFamily.aarav.batchId).map((entry) => entry.session.status);
      // Tuesday and Thursday, registers taken; only the batch's latest class may still be to take.
      expect(statuses).toHaveLength(2);
      expect(statuses[0]).toBe('completed');
      expect(['completed', 'scheduled']).toContain(statuses[1]);
    });

    test('the window ends 52 weeks back and at the generation horizon', async () => {
      const earliest = addDaysToDateKey(THIS_WEEK, -7 * teacherWeeksBack);
      const latest = weekStartOf(addDaysToDateKey(TODAY, sessionGenerationHorizonDays - 1));
      expect(((await teacher('GET', `/v1/class/sessions/teacher/week?week=${earliest}`)).json() as TeacherWeek).previousWeek).toBeNull();
      expect(((await teacher('GET', `/v1/class/sessions/teacher/week?week=${latest}`)).json() as TeacherWeek).nextWeek).toBeNull();
      expectError(await teacher('GET', `/v1/class/sessions/teacher/week?week=${addDaysToDateKey(earliest, -7)}`), 400, 'VALIDATION_ERROR', 'week');
      expectError(await teacher('GET', `/v1/class/sessions/teacher/week?week=${addDaysToDateKey(latest, 7)}`), 400, 'VALIDATION_ERROR', 'week');
    });

    test.each([addDaysToDateKey(THIS_WEEK, 2), '2025-13-01', 'monday', '2025-06-02&days=3'])('week=%s is 400', async (week) => {
      expectError(await teacher('GET', `/v1/class/sessions/teacher/week?week=${week}`), 400, 'VALIDATION_ERROR');
    });

    test('a learner is refused; no one signed out reads it', async () => {
      expectError(await meera('GET', '/v1/class/sessions/teacher/week'), 403, 'FORBIDDEN');
      expect((await testApp.app.inject({ method: 'GET', url: '/v1/class/sessions/teacher/week' })).statusCode).toBe(401);
    });
  });

  describe('the register', () => {
    test("before marking: each student with classes left and what to raise; Diya's used-up pack asks to pay", async () => {
      const [next] = (await sessionsOf(wellKnownFamily.diya.batchId, TODAY, addDaysToDateKey(TODAY, 7))).filter((row) => row.status === 'scheduled');
      const response = await register(teacher, next?.id ?? '');
      expect(response.statusCode).toBe(200);
      const body = response.json() as SessionRegister;
      expect(body.session.id).toBe(next?.id);
      expect(body.batch.id).toBe(wellKnownFamily.diya.batchId);
      const diya = body.students.find((student) => student.batchStudentId === wellKnownFamily.diya.batchStudentId);
      expect(diya).toEqual({
        batchStudentId: wellKnownFamily.diya.batchStudentId,
        name: 'Diya',
        attendance: null,
        standing: {
          classesLeft: 0,
          owedPaise: 0,
          packStatus: 'used_up',
          packValidUntil: expect.any(String),
          queuedPacks: [],
          flag: { kind: 'used_up', message: '0 classes left — ask to pay' },
          ifPresent: expect.stringMatching(/^Diya has no class left: Present adds ₹[\d,.]+ to what the family owes$/),
        },
      });
      // Not started yet: the register is shown but closed, and the class can still be called off.
      expect(body.marking).toEqual({ open: false, message: expect.stringContaining('starts'), correctableUntil: null });
      expect(body.cancellable).toBe(true);
    });

    test('a held class shows who was marked; Aarav has classes to spare; the latest class is still to mark', async () => {
      const held = await sessionsOf(wellKnownFamily.aarav.batchId, addDaysToDateKey(TODAY, -7), TODAY);
      expect(held).toHaveLength(2);
      const latest = (await register(teacher, held[1]?.id ?? '')).json() as SessionRegister;
      expect(latest.students.every((student) => student.attendance === null)).toBe(true);
      expect(latest.marking.open).toBe(true);
      const body = (await register(teacher, held[0]?.id ?? '')).json() as SessionRegister;
      const aarav = body.students.find((student) => student.batchStudentId === wellKnownFamily.aarav.batchStudentId);
      expect(aarav?.attendance).toBe('attended');
      expect(aarav?.standing.classesLeft).toBeGreaterThan(1);
      expect(aarav?.standing.flag).toBeNull();
      expect(body.marking.open).toBe(true);
      expect(body.cancellable).toBe(false);
    });

    test('marking consumes a class: the register then shows one class fewer, and an unpaid student owes', async () => {
      const batchId = wellKnownFamily.aarav.batchId;
      const paid = await newBatchStudent(testApp.app, testApp.db, batchId);
      const order = await postWithKey(paid.call, `/v1/payments/batch-student/${paid.batchStudentId}/class-pack/${paid.plans[0]?.id}`);
      expect((await payOrder(testApp.app, paid.call, order.json())).statusCode).toBe(200);
      const unpaid = await newBatchStudent(testApp.app, testApp.db, batchId);
      const [upcoming] = (await sessionsOf(batchId, TODAY, addDaysToDateKey(TODAY, 7))).filter((row) => row.status === 'scheduled');
      const sessionId = upcoming?.id ?? '';

      const before = (await register(teacher, sessionId)).json() as SessionRegister;
      const standingOf = (body: SessionRegister, id: string) => body.students.find((student) => student.batchStudentId === id);
      const paidBefore = standingOf(before, paid.batchStudentId)?.standing.classesLeft ?? 0;
      expect(paidBefore).toBe(paid.plans[0]?.classes);
      expect(standingOf(before, unpaid.batchStudentId)?.standing.flag?.kind).toBe('no_pack');

      clock = new Date(
        new Date(
          (await testApp.db.selectFrom('class_sessions').select('starts_at').where('id', '=', sessionId).executeTakeFirstOrThrow()).starts_at,
        ).getTime() + 60_000,
      );
      const teacherLater = await signedIn(wellKnownTeacher.phone);
      const marked = await teacherLater('POST', `/v1/class/sessions/${sessionId}/attendance`, {
        records: [
          { batchStudentId: paid.batchStudentId, status: 'attended' },
          { batchStudentId: unpaid.batchStudentId, status: 'attended' },
        ],
      });
      expect(marked.statusCode).toBe(200);

      const after = (await register(teacherLater, sessionId)).json() as SessionRegister;
      expect(after.session.status).toBe('completed');
      expect(standingOf(after, paid.batchStudentId)).toMatchObject({ attendance: 'attended', standing: { classesLeft: paidBefore - 1 } });
      const owing = standingOf(after, unpaid.batchStudentId);
      expect(owing?.attendance).toBe('attended');
      expect(owing?.standing.owedPaise).toBeGreaterThan(0);
      expect(owing?.standing.flag).toEqual({ kind: 'owes', message: expect.stringMatching(/^0 classes left, owes ₹[\d,.]+ — ask to pay$/) });
    });

    test('a cancelled class: the register is closed and attendance cannot be marked', async () => {
      const [cancelled] = (await sessionsOf(wellKnownFamily.diya.batchId, TODAY, addDaysToDateKey(TODAY, 8))).filter((row) => row.status === 'cancelled');
      const body = (await register(teacher, cancelled?.id ?? '')).json() as SessionRegister;
      expect(body.session.status).toBe('cancelled');
      expect(body.session.cancelReason).toBe(seededTeacherCancelReason);
      expect(body.marking).toEqual({ open: false, message: expect.stringContaining('cancelled'), correctableUntil: null });
      expect(body.cancellable).toBe(false);
      clock = new Date('2025-07-30T04:31:00.000Z');
      const teacherLater = await signedIn(wellKnownTeacher.phone);
      expectError(
        await teacherLater('POST', `/v1/class/sessions/${cancelled?.id}/attendance`, {
          records: [{ batchStudentId: wellKnownFamily.diya.batchStudentId, status: 'attended' }],
        }),
        409,
        'SESSION_CANCELLED',
      );
    });

    test("another teacher's class is 404, a learner 403, a malformed id 400", async () => {
      const [next] = await sessionsOf(wellKnownFamily.diya.batchId, TODAY, addDaysToDateKey(TODAY, 7));
      expectError(await register(otherTeacher, next?.id ?? ''), 404, 'SESSION_NOT_FOUND');
      expectError(await register(teacher, UNKNOWN_ID), 404, 'SESSION_NOT_FOUND');
      expectError(await register(meera, next?.id ?? ''), 403, 'FORBIDDEN');
      expectError(await register(teacher, 'not-a-session'), 400, 'INVALID_ID');
    });
  });

  describe('posts to a batch', () => {
    const post = (as: Call, batchId: string, body: object) => as('POST', `/v1/class/batches/${batchId}/updates`, body);

    test('the teacher posts to a batch and the family sees it in My Updates', async () => {
      const response = await post(teacher, wellKnownFamily.aarav.batchId, {
        title: '  Bring your  sketchbook ',
        body: 'Friday we draw outdoors.\n\n\n\nCome ten minutes early.',
      });
      expect(response.statusCode).toBe(201);
      const update = response.json() as ClassUpdate;
      expect(update).toMatchObject({
        kind: 'event',
        title: 'Bring your sketchbook',
        body: 'Friday we draw outdoors.\n\nCome ten minutes early.',
        publishedAt: PAYMENT_TEST_NOW.toISOString(),
        batchName: expect.any(String),
      });
      const updates = (await meera('GET', '/v1/learners/updates')).json() as { updates: { kind: string; classUpdate?: { id: string; title: string } }[] };
      expect(updates.updates.find((entry) => entry.classUpdate?.id === update.id)?.classUpdate?.title).toBe('Bring your sketchbook');
      // The family is notified once; the post's own words stay in the app.
      const notices = (await noticesTo(testApp.db, wellKnownFamily.phone, 'batch.post')).filter((notice) =>
        notice.eventKey.startsWith(`batch.post:${update.id}:`),
      );
      expect(notices).toEqual([expect.objectContaining({ eventKey: `batch.post:${update.id}:${wellKnownFamily.userId}` })]);
      expect(notices[0]?.sms).not.toMatch(/sketchbook|outdoors/);
    });

    test.each([
      [{ title: '   ', body: 'Hello' }, 'body.title'],
      [{ title: 'Hi', body: ' \n ' }, 'body.body'],
      [{ title: 'x'.repeat(81), body: 'Hello' }, 'title'],
      [{ title: 'Hi', body: 'x'.repeat(1001) }, 'body'],
      [{ title: 'Hi' }, 'body'],
      [{ title: 'Hi', body: 'Hello', kind: 'holiday' }, 'kind'],
    ])('%j is 400 naming %s', async (body, field) => {
      expectError(await post(teacher, wellKnownFamily.aarav.batchId, body), 400, 'VALIDATION_ERROR', field);
    });

    test("another teacher's batch is 404, a learner 403", async () => {
      expectError(await post(teacher, otherTeachersBatch, { title: 'Hi', body: 'Hello' }), 404, 'BATCH_NOT_FOUND');
      expectError(await post(otherTeacher, wellKnownFamily.aarav.batchId, { title: 'Hi', body: 'Hello' }), 404, 'BATCH_NOT_FOUND');
      expectError(await post(meera, wellKnownFamily.aarav.batchId, { title: 'Hi', body: 'Hello' }), 403, 'FORBIDDEN');
    });
  });

  describe('extra classes', () => {
    // The test clock is Monday 9:00 am IST: Aarav's batch meets on Tuesdays and Thursdays, Diya's at 4 pm today.
    const add = (as: Call, batchId: string, body: Record<string, unknown>) => as('POST', `/v1/class/batches/${batchId}/sessions`, body);
    const lesson = (values: Partial<Record<'occursOn' | 'startTime' | 'endTime', string>> = {}) => ({
      occursOn: TODAY,
      startTime: '08:50',
      endTime: '09:50',
      ...values,
    });

    test('a class already begun today is added, its register opens at once, and the families are texted', async () => {
      const response = await add(teacher, wellKnownFamily.aarav.batchId, lesson());
      expect(response.statusCode).toBe(201);
      const session = response.json() as { id: string; status: string; startTime: string; endTime: string };
      expect(session).toMatchObject({ status: 'scheduled', startTime: `${TODAY}T03:20:00.000Z`, endTime: `${TODAY}T04:20:00.000Z` });
      const body = (await register(teacher, session.id)).json() as SessionRegister;
      expect(body.marking.open).toBe(true);
      expect(body.students.map((student) => student.name)).toContain('Aarav');
      const texts = await noticeTexts(testApp.db, wellKnownFamily.phone, 'class.extra');
      expect(texts).toHaveLength(1);
      expect(texts[0]).toContain('has added an extra');
      expect(texts[0]).toContain('Aarav');
      const week = (await teacher('GET', '/v1/class/sessions/teacher/week')).json() as TeacherWeek;
      expect(week.classes.some((entry) => entry.session.id === session.id)).toBe(true);
      // Once a day: the same day again is taken.
      expectError(await add(teacher, wellKnownFamily.aarav.batchId, lesson({ startTime: '18:00', endTime: '19:00' })), 409, 'SESSION_DAY_TAKEN');
    });

    test('a day the batch already meets is taken', async () => {
      expectError(await add(teacher, wellKnownFamily.diya.batchId, lesson({ startTime: '18:00', endTime: '19:00' })), 409, 'SESSION_DAY_TAKEN');
    });

    test.each([
      [lesson({ occursOn: addDaysToDateKey(TODAY, -1) }), 'occursOn'],
      [lesson({ occursOn: addDaysToDateKey(TODAY, sessionGenerationHorizonDays) }), 'occursOn'],
      [lesson({ occursOn: addDaysToDateKey(TODAY, 1), startTime: '10:00', endTime: '09:30' }), 'endTime'],
      [lesson({ occursOn: addDaysToDateKey(TODAY, 1), startTime: '09:00', endTime: '13:30' }), 'endTime'],
      [lesson({ startTime: '07:00', endTime: '08:00' }), 'endTime'],
      [lesson({ startTime: '9:00' }), 'startTime'],
      [{ ...lesson(), room: 'B' }, 'room'],
    ])('%j is 400 naming %s', async (body, field) => {
      expectError(await add(teacher, wellKnownFamily.aarav.batchId, body), 400, 'VALIDATION_ERROR', field);
    });

    test("another teacher's batch is 404, a learner 403", async () => {
      const tomorrow = lesson({ occursOn: addDaysToDateKey(TODAY, 3), startTime: '10:00', endTime: '11:00' });
      expectError(await add(teacher, otherTeachersBatch, tomorrow), 404, 'BATCH_NOT_FOUND');
      expectError(await add(otherTeacher, wellKnownFamily.aarav.batchId, tomorrow), 404, 'BATCH_NOT_FOUND');
      expectError(await add(meera, wellKnownFamily.aarav.batchId, tomorrow), 403, 'FORBIDDEN');
    });
  });

  test('the new routes are in the OpenAPI document', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown }>>;
    };
    for (const [path, method, status] of [
      ['/v1/class/sessions/teacher/week', 'get', '200'],
      ['/v1/class/sessions/{id}/register', 'get', '200'],
      ['/v1/class/batches/{id}/updates', 'post', '201'],
      ['/v1/class/batches/{id}/sessions', 'post', '201'],
    ] as const) {
      expect(document.paths[path]?.[method]?.responses[status]).toBeDefined();
      expect(document.paths[path]?.[method]?.security).toEqual([{ bearerAuth: [] }]);
    }
  });
});
