import { addDaysToDateKey, istDateKey } from '@kalike/shared/format/dates';
import { sql } from 'kysely';
import type { AttendanceResult, Holiday, Session, UpcomingSessions } from '@kalike/shared/contracts/sessions';
import { upcomingDays } from '@kalike/shared/domain/session-values';
import * as paths from '@kalike/shared/routing/paths';
import { wellKnownFamily, wellKnownLearners, wellKnownTeacher } from '../../db/seed/accounts';
import { seededHolidayReason, seededTeacherCancelReason } from '../../db/seed/sessions';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { caller } from '../../testing/enquiry-fixtures';
import {
  ledgerSums,
  newBatchStudent,
  newLearner,
  PAYMENT_TEST_NOW,
  payOrder,
  postWithKey,
  signInAgain,
  type BatchStudentFixture,
  type Call,
} from '../../testing/payment-fixtures';
import { noticesTo } from '../../testing/notices';
import { signIn } from '../../testing/sign-in';

type Response = Awaited<ReturnType<Call>>;

function expectError(response: Response, statusCode: number, code: string, field?: string): void {
  expect({ statusCode: response.statusCode, body: response.json() }).toEqual({
    statusCode,
    body: { statusCode, code, message: field ? expect.stringContaining(field) : expect.any(String) },
  });
}

const UNKNOWN_ID = '7d6f0e4a-3b1c-4d2e-9f80-123456789abc';
const TODAY = istDateKey(PAYMENT_TEST_NOW);

describe('sessions', () => {
  let testApp: TestApp;
  let clock = PAYMENT_TEST_NOW;
  let address = 0;
  let meera: Call;
  let teacher: Call;
  let teacherId: string;
  let otherTeacher: Call;
  /** The well-known teacher's batches that are not the family's, each with class packs. */
  let ownBatches: string[];
  let otherTeachersBatch: string;

  const signedIn = async (phone: string) =>
    caller(testApp.app, (await signIn(testApp.app, phone, `10.8.${Math.floor(++address / 200)}.${address % 200}`)).tokens.accessToken);

  /** A learner with students (null: the learner attends themself), each placed in a batch. */
  async function family(places: { name: string | null; batchId: string }[], accountName = 'Lakshmi Rao') {
    const learner = await newLearner(testApp.app);
    await testApp.db.updateTable('learner_accounts').set({ name: accountName }).where('id', '=', learner.accountId).execute();
    const batchStudentIds: string[] = [];
    for (const place of places) {
      const student = place.name
        ? await testApp.db.insertInto('students').values({ learner_account_id: learner.accountId, name: place.name }).returning('id').executeTakeFirstOrThrow()
        : null;
      const row = await testApp.db
        .insertInto('batch_students')
        .values({ batch_id: place.batchId, learner_account_id: learner.accountId, student_id: student?.id ?? null, status: 'active', created_at: clock })
        .returning('id')
        .executeTakeFirstOrThrow();
      batchStudentIds.push(row.id);
    }
    return { ...learner, batchStudentIds };
  }

  /** The batch's session on a day, made to run 10:00–11:00 IST with the given status. */
  async function scheduledSession(batchId: string, day: string, status: 'scheduled' | 'cancelled' = 'scheduled'): Promise<string> {
    const values = {
      starts_at: `${day}T10:00:00+05:30`,
      ends_at: `${day}T11:00:00+05:30`,
      status,
      cancel_reason: status === 'cancelled' ? 'Teacher unwell' : null,
      cancelled_at: status === 'cancelled' ? `${day}T08:00:00+05:30` : null,
      holiday_id: null,
    };
    const row = await testApp.db
      .insertInto('class_sessions')
      .values({ batch_id: batchId, occurs_on: day, ...values })
      .onConflict((conflict) => conflict.columns(['batch_id', 'occurs_on']).doUpdateSet(values))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const ownerOf = async (batchId: string) =>
    (
      await testApp.db
        .selectFrom('batches as b')
        .innerJoin('programs as p', 'p.id', 'b.program_id')
        .innerJoin('teacher_listings as l', 'l.id', 'p.listing_id')
        .select('l.teacher_id')
        .where('b.id', '=', batchId)
        .executeTakeFirstOrThrow()
    ).teacher_id;

  /** The class notices a family was sent, with the words of their SMS. */
  const outboxTo = async (phone: string) =>
    (await noticesTo(testApp.db, phone)).filter((notice) => notice.kind.startsWith('class.')).map((notice) => ({ kind: notice.kind, body: notice.sms ?? '' }));

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => clock, payments: { sandboxWebhookDelayMs: 60_000 } });
    meera = await signedIn(wellKnownFamily.phone);
    const teacherSignIn = await signIn(testApp.app, wellKnownTeacher.phone, '10.8.9.1');
    teacher = caller(testApp.app, teacherSignIn.tokens.accessToken);
    teacherId = teacherSignIn.user.teacher?.id ?? '';
    const batches = await testApp.db
      .selectFrom('batches as b')
      .innerJoin('programs as p', 'p.id', 'b.program_id')
      .innerJoin('teacher_listings as l', 'l.id', 'p.listing_id')
      .select(['b.id', 'l.teacher_id'])
      .where('b.id', 'not in', [wellKnownFamily.aarav.batchId, wellKnownFamily.diya.batchId])
      .orderBy('b.id')
      .execute();
    ownBatches = batches.filter((batch) => batch.teacher_id === teacherId).map((batch) => batch.id);
    const other = batches.find((batch) => batch.teacher_id !== teacherId);
    otherTeachersBatch = other?.id ?? '';
    const otherPhone = await testApp.db
      .selectFrom('users')
      .select('phone')
      .where('teacher_id', '=', other?.teacher_id ?? '')
      .executeTakeFirstOrThrow();
    otherTeacher = await signedIn(otherPhone.phone);
    expect(ownBatches.length).toBeGreaterThanOrEqual(1);
  });

  afterAll(async () => {
    await testApp.close();
  });

  afterEach(() => {
    clock = PAYMENT_TEST_NOW;
  });

  describe('the learner', () => {
    test("a family with two children in two batches sees each batch once, with that child's sessions, soonest batch first", async () => {
      const response = await meera('GET', '/v1/class/sessions/learner/upcoming');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const body = response.json() as UpcomingSessions;
      expect(body.from).toBe(TODAY);
      expect(body.until).toBe(addDaysToDateKey(TODAY, upcomingDays.default));
      expect(body.batches.map((entry) => [entry.batch.id, entry.students])).toEqual(
        expect.arrayContaining([
          [wellKnownFamily.aarav.batchId, [{ batchStudentId: wellKnownFamily.aarav.batchStudentId, name: 'Aarav' }]],
          [wellKnownFamily.diya.batchId, [{ batchStudentId: wellKnownFamily.diya.batchStudentId, name: 'Diya' }]],
        ]),
      );
      expect(body.batches).toHaveLength(2);

      const firstStarts = body.batches.map((entry) => entry.batch.sessions[0]?.startTime ?? '');
      expect([...firstStarts].sort()).toEqual(firstStarts);
      for (const { batch } of body.batches) {
        const stored = await testApp.db
          .selectFrom('class_sessions')
          .select(['id'])
          .where('batch_id', '=', batch.id)
          .where('occurs_on', '>=', body.from)
          .where('occurs_on', '<', body.until)
          .orderBy('starts_at')
          .execute();
        expect(batch.sessions.map((session) => session.id)).toEqual(stored.map((row) => row.id));
        for (const session of batch.sessions) {
          expect(session.occursOn >= body.from && session.occursOn < body.until).toBe(true);
          expect(istDateKey(new Date(session.startTime))).toBe(session.occursOn);
          expect(session.cancelReason === null).toBe(session.status !== 'cancelled');
        }
        expect(batch.teacher).toMatchObject({ id: teacherId, pagePath: expect.stringMatching(/^\/discover\/bengaluru\/[a-z-]+\/teachers\/[a-z0-9-]+$/) });
        const slugs = await testApp.db
          .selectFrom('batches as b')
          .innerJoin('programs as p', 'p.id', 'b.program_id')
          .innerJoin('teacher_listings as l', 'l.id', 'p.listing_id')
          .innerJoin('categories as c', 'c.id', 'l.category_id')
          .innerJoin('teachers as t', 't.id', 'l.teacher_id')
          .select(['c.slug as category', 't.slug as teacher'])
          .where('b.id', '=', batch.id)
          .executeTakeFirstOrThrow();
        expect(batch.teacher.pagePath).toBe(paths.teacher('bengaluru', slugs.category, slugs.teacher));
        expect(batch.place.kind).not.toBe('online');
        if (batch.place.kind !== 'online') {
          expect(batch.place.address).toContain(`${batch.place.name}, `);
          expect(batch.place.address).toMatch(/, Bengaluru, 560\d{3}$/);
          expect(batch.place.mapUrl).toBe(`https://www.google.com/maps/search/?api=1&query=${batch.place.lat},${batch.place.lng}`);
        }
      }

      // The class the teacher called off and the holiday are listed, with their reasons.
      const diya = body.batches.find((entry) => entry.batch.id === wellKnownFamily.diya.batchId);
      const aarav = body.batches.find((entry) => entry.batch.id === wellKnownFamily.aarav.batchId);
      expect(diya?.batch.sessions.filter((session) => session.cancelReason === seededTeacherCancelReason)).toEqual([
        expect.objectContaining({ status: 'cancelled' }),
      ]);
      expect(aarav?.batch.sessions.some((session) => session.status === 'cancelled' && session.cancelReason === seededHolidayReason)).toBe(true);
    });

    test('two students of one family in the same batch appear once with both names; a learner attending themself is named by the account', async () => {
      const [batchId = ''] = ownBatches;
      const siblings = await family([
        { name: 'Kabir', batchId },
        { name: 'Anya', batchId },
        { name: null, batchId: wellKnownFamily.diya.batchId },
      ]);
      const body = (await siblings.call('GET', '/v1/class/sessions/learner/upcoming?days=28')).json() as UpcomingSessions;
      expect(body.batches).toHaveLength(2);
      const shared = body.batches.find((entry) => entry.batch.id === batchId);
      expect(shared?.students).toEqual([
        { batchStudentId: siblings.batchStudentIds[1], name: 'Anya' },
        { batchStudentId: siblings.batchStudentIds[0], name: 'Kabir' },
      ]);
      expect(body.batches.find((entry) => entry.batch.id === wellKnownFamily.diya.batchId)?.students).toEqual([
        { batchStudentId: siblings.batchStudentIds[2], name: 'Lakshmi Rao' },
      ]);
      // Someone else's family in the same batch is not listed for this one.
      expect(JSON.stringify(body)).not.toContain('Diya');
    });

    test('a family with no batch gets an empty list; one that left a batch no longer sees it', async () => {
      const kavya = await signedIn(wellKnownLearners.kavya.phone);
      expect((await kavya('GET', '/v1/class/sessions/learner/upcoming')).json()).toEqual({
        from: TODAY,
        until: addDaysToDateKey(TODAY, upcomingDays.default),
        batches: [],
      });
      const leaving = await family([{ name: 'Rohan', batchId: wellKnownFamily.aarav.batchId }]);
      expect(((await leaving.call('GET', '/v1/class/sessions/learner/upcoming')).json() as UpcomingSessions).batches).toHaveLength(1);
      await testApp.db
        .updateTable('batch_students')
        .set({ status: 'left' })
        .where('id', '=', leaving.batchStudentIds[0] ?? '')
        .execute();
      expect(((await leaving.call('GET', '/v1/class/sessions/learner/upcoming')).json() as UpcomingSessions).batches).toEqual([]);
    });

    test('an online batch shows its room to a student with a class pack in use, not to one without; `days` narrows the window', async () => {
      const online = await testApp.db
        .selectFrom('batches as b')
        .select(['b.id', 'b.online_link'])
        .where('b.place', '=', 'online')
        .where((eb) => eb.exists(eb.selectFrom('class_pack_plans as cpp').select('cpp.id').whereRef('cpp.batch_id', '=', 'b.id')))
        .orderBy('b.id')
        .executeTakeFirstOrThrow();
      const learner = await family([{ name: 'Ira', batchId: online.id }]);
      const unpaid = (await learner.call('GET', '/v1/class/sessions/learner/upcoming?days=28')).json() as UpcomingSessions;
      expect(unpaid.batches[0]?.batch.place).toEqual({
        kind: 'online',
        name: 'Online',
        joinUrl: null,
        withheld: { reason: 'no_usable_pack', message: expect.any(String) },
      });

      const plan = await testApp.db.selectFrom('class_pack_plans').selectAll().where('batch_id', '=', online.id).orderBy('id').executeTakeFirstOrThrow();
      const batchStudentId = learner.batchStudentIds[0] ?? '';
      const pack = await testApp.db
        .insertInto('batch_student_plans')
        .values({
          batch_student_id: batchStudentId,
          class_pack_plan_id: plan.id,
          classes_total: plan.classes_count,
          price_paise: plan.price_paise,
          validity_days: plan.validity_days,
          paid_paise: plan.price_paise,
          status: 'active',
          valid_from: TODAY,
          valid_until: addDaysToDateKey(TODAY, plan.validity_days),
          created_at: clock,
          updated_at: clock,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await testApp.db
        .insertInto('ledger_entries')
        .values({
          learner_account_id: learner.accountId,
          batch_student_id: batchStudentId,
          kind: 'class_pack_purchase',
          amount_paise: -plan.price_paise,
          classes_delta: plan.classes_count,
          order_id: null,
          payment_id: null,
          batch_student_plan_id: pack.id,
          session_id: null,
          description: plan.name,
          created_at: clock,
        })
        .execute();
      const body = (await learner.call('GET', '/v1/class/sessions/learner/upcoming?days=28')).json() as UpcomingSessions;
      expect(body.batches[0]?.batch.place).toEqual({ kind: 'online', name: 'Online', joinUrl: online.online_link, withheld: null });
      expect(online.online_link).toMatch(/^https:\/\//);
      const today = (await meera('GET', '/v1/class/sessions/learner/upcoming?days=1')).json() as UpcomingSessions;
      expect(today.until).toBe(addDaysToDateKey(TODAY, 1));
      expect(today.batches.flatMap((entry) => entry.batch.sessions).every((session) => session.occursOn === TODAY)).toBe(true);
    });

    test('IST day boundaries: 23:59 IST is still today, 00:00 IST is tomorrow', async () => {
      clock = new Date(`${TODAY}T18:29:59.000Z`);
      const late = (await (await signedIn(wellKnownFamily.phone))('GET', '/v1/class/sessions/learner/upcoming?days=1')).json() as UpcomingSessions;
      expect(late.from).toBe(TODAY);
      const lateDays = late.batches.flatMap((entry) => entry.batch.sessions.map((session) => session.occursOn));
      expect(lateDays.length).toBeGreaterThan(0);
      expect(new Set(lateDays)).toEqual(new Set([TODAY]));

      clock = new Date(`${TODAY}T18:30:00.000Z`);
      const midnight = (await (await signedIn(wellKnownFamily.phone))('GET', '/v1/class/sessions/learner/upcoming?days=1')).json() as UpcomingSessions;
      expect(midnight.from).toBe(addDaysToDateKey(TODAY, 1));
      expect(midnight.batches.flatMap((entry) => entry.batch.sessions).every((session) => session.occursOn === addDaysToDateKey(TODAY, 1))).toBe(true);
    });

    test('sessions are generated before reading: a new batch shows its classes straight away', async () => {
      const [template] = await testApp.db
        .selectFrom('batches')
        .selectAll()
        .where('id', '=', ownBatches[0] ?? '')
        .execute();
      if (!template) throw new Error('no batch');
      const fresh = await testApp.db
        .insertInto('batches')
        .values({
          ...template,
          id: undefined,
          name: 'Sun, 7:00 AM',
          days_of_week: [7],
          start_time: '07:00',
          end_time: '08:00',
          starts_on: TODAY,
          seats_taken: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const learner = await family([{ name: 'Meher', batchId: fresh.id }]);
      const body = (await learner.call('GET', '/v1/class/sessions/learner/upcoming?days=14')).json() as UpcomingSessions;
      expect(body.batches[0]?.batch.sessions.map((session) => [session.occursOn, session.startTime])).toEqual([
        ['2025-06-08', '2025-06-08T01:30:00.000Z'],
        ['2025-06-15', '2025-06-15T01:30:00.000Z'],
      ]);
    });

    test('validation and roles', async () => {
      expectError(await meera('GET', '/v1/class/sessions/learner/upcoming?days=29'), 400, 'VALIDATION_ERROR', 'querystring.days');
      expectError(await meera('GET', '/v1/class/sessions/learner/upcoming?days=0'), 400, 'VALIDATION_ERROR', 'querystring.days');
      expectError(await meera('GET', '/v1/class/sessions/learner/upcoming?days=two'), 400, 'VALIDATION_ERROR', 'querystring.days');
      expectError(await meera('GET', '/v1/class/sessions/learner/upcoming?weeks=2'), 400, 'VALIDATION_ERROR', 'weeks');
      expectError(await teacher('GET', '/v1/class/sessions/learner/upcoming'), 403, 'FORBIDDEN');
      expectError(await testApp.app.inject({ method: 'GET', url: '/v1/class/sessions/learner/upcoming' }), 401, 'UNAUTHORIZED');
    });
  });

  describe('the teacher', () => {
    test("lists only the teacher's own batches that meet in the window, with everyone enrolled", async () => {
      const response = await teacher('GET', '/v1/class/sessions/teacher/upcoming?days=14');
      expect(response.statusCode).toBe(200);
      const body = response.json() as UpcomingSessions;
      const ownRows = await testApp.db
        .selectFrom('batches as b')
        .innerJoin('programs as p', 'p.id', 'b.program_id')
        .innerJoin('teacher_listings as l', 'l.id', 'p.listing_id')
        .select('b.id')
        .where('l.teacher_id', '=', teacherId)
        .execute();
      const own = new Set(ownRows.map((row) => row.id));
      expect(own.has(wellKnownFamily.aarav.batchId) && own.has(wellKnownFamily.diya.batchId)).toBe(true);
      expect(body.batches.length).toBeGreaterThanOrEqual(2);
      for (const entry of body.batches) {
        expect(own.has(entry.batch.id)).toBe(true);
        expect(entry.batch.teacher.id).toBe(teacherId);
        expect(entry.batch.sessions.length).toBeGreaterThan(0);
      }
      const aarav = body.batches.find((entry) => entry.batch.id === wellKnownFamily.aarav.batchId);
      // Meera's Aarav and Asha's Saanvi share that batch.
      expect(aarav?.students.map((student) => student.name)).toEqual(expect.arrayContaining(['Aarav', 'Saanvi']));
      const scheduled = body.batches.flatMap((entry) => entry.batch.sessions).filter((session) => session.status === 'scheduled');
      expect(scheduled.some((session) => Date.parse(session.startTime) > clock.getTime() + 3_600_000)).toBe(true);

      const others = (await otherTeacher('GET', '/v1/class/sessions/teacher/upcoming?days=28')).json() as UpcomingSessions;
      expect(others.batches.some((entry) => own.has(entry.batch.id))).toBe(false);
    });

    test('learners are refused, and so is nobody', async () => {
      expectError(await meera('GET', '/v1/class/sessions/teacher/upcoming'), 403, 'FORBIDDEN');
      expectError(await testApp.app.inject({ method: 'GET', url: '/v1/class/sessions/teacher/upcoming' }), 401, 'UNAUTHORIZED');
    });
  });

  describe('cancelling a class', () => {
    test('cancels an upcoming class once; each family is texted the IST day, time and reason in the same transaction', async () => {
      const batchId = ownBatches[0] ?? '';
      const sessionId = await scheduledSession(batchId, '2025-06-25');
      const parents = await family(
        [
          { name: 'Tara', batchId },
          { name: 'Nikhil', batchId },
        ],
        'Priya Shah',
      );
      const single = await family([{ name: null, batchId }], 'Arjun Das');

      const response = await teacher('POST', `/v1/class/sessions/${sessionId}/cancel`, { reason: '  Teacher   unwell ' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: sessionId,
        occursOn: '2025-06-25',
        startTime: '2025-06-25T04:30:00.000Z',
        endTime: '2025-06-25T05:30:00.000Z',
        status: 'cancelled',
        cancelReason: 'Teacher unwell',
      } satisfies Session);
      const stored = await testApp.db
        .selectFrom('class_sessions')
        .select(['status', 'cancel_reason', 'cancelled_at'])
        .where('id', '=', sessionId)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ status: 'cancelled', cancel_reason: 'Teacher unwell', cancelled_at: PAYMENT_TEST_NOW });

      const texts = await outboxTo(parents.phone);
      expect(texts).toEqual([{ kind: 'class.cancelled', body: expect.stringContaining('Wednesday, 25 June at 10:00 am') }]);
      expect(texts[0]?.body).toContain('for Nikhil and Tara.');
      // The teacher's own words stay in the app.
      expect(texts[0]?.body).not.toContain('Teacher unwell');
      expect((await outboxTo(single.phone))[0]?.body).toContain('for Arjun Das');

      // A repeat answers the cancelled class as it is and texts nobody again.
      const again = await teacher('POST', `/v1/class/sessions/${sessionId}/cancel`, { reason: 'Something else' });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Teacher unwell' });
      expect(await outboxTo(parents.phone)).toHaveLength(1);

      const seen = (await parents.call('GET', '/v1/class/sessions/learner/upcoming?days=28')).json() as UpcomingSessions;
      expect(seen.batches[0]?.batch.sessions.find((session) => session.id === sessionId)).toMatchObject({
        status: 'cancelled',
        cancelReason: 'Teacher unwell',
      });
    });

    test('only a scheduled class that has not started; only your own', async () => {
      const batchId = ownBatches[0] ?? '';
      const started = await scheduledSession(batchId, TODAY);
      clock = new Date(`${TODAY}T04:30:00.000Z`);
      const teacherNow = await signedIn(wellKnownTeacher.phone);
      expectError(await teacherNow('POST', `/v1/class/sessions/${started}/cancel`, { reason: 'Late' }), 409, 'SESSION_ALREADY_STARTED');
      clock = PAYMENT_TEST_NOW;

      const completed = await testApp.db
        .selectFrom('session_attendance as a')
        .innerJoin('class_sessions as s', 's.id', 'a.session_id')
        .select('s.id')
        .where('a.batch_student_id', '=', wellKnownFamily.diya.batchStudentId)
        .executeTakeFirstOrThrow();
      expectError(await teacher('POST', `/v1/class/sessions/${completed.id}/cancel`, { reason: 'Oops' }), 409, 'SESSION_COMPLETED');

      const upcoming = await scheduledSession(batchId, '2025-06-26');
      expectError(await otherTeacher('POST', `/v1/class/sessions/${upcoming}/cancel`, { reason: 'Mine now' }), 404, 'SESSION_NOT_FOUND');
      expectError(await teacher('POST', `/v1/class/sessions/${UNKNOWN_ID}/cancel`, { reason: 'Gone' }), 404, 'SESSION_NOT_FOUND');
      expectError(await meera('POST', `/v1/class/sessions/${upcoming}/cancel`, { reason: 'Busy' }), 403, 'FORBIDDEN');
      expectError(await testApp.app.inject({ method: 'POST', url: `/v1/class/sessions/${upcoming}/cancel`, payload: { reason: 'x' } }), 401, 'UNAUTHORIZED');
      expectError(await teacher('POST', `/v1/class/sessions/${upcoming}/cancel`, { reason: '   ' }), 400, 'VALIDATION_ERROR', 'body.reason');
      expectError(await teacher('POST', `/v1/class/sessions/${upcoming}/cancel`, { reason: 'x'.repeat(201) }), 400, 'VALIDATION_ERROR', 'body.reason');
      expectError(await teacher('POST', `/v1/class/sessions/${upcoming}/cancel`, {}), 400, 'VALIDATION_ERROR', 'body.reason');
      expectError(await teacher('POST', '/v1/class/sessions/not-a-uuid/cancel', { reason: 'x' }), 400, 'INVALID_ID', 'params.id');
      expect((await testApp.db.selectFrom('class_sessions').select('status').where('id', '=', upcoming).executeTakeFirstOrThrow()).status).toBe('scheduled');
    });
  });

  describe('holidays', () => {
    test('cancels the scheduled classes on its days (never completed ones), texts each family once, and later generation skips the days', async () => {
      const batchId = ownBatches[1] ?? ownBatches[0] ?? '';
      const parent = await family(
        [
          { name: 'Zoya', batchId },
          { name: 'Sam', batchId },
        ],
        'Farah Khan',
      );
      const held = await scheduledSession(batchId, '2025-06-20');
      await testApp.db.updateTable('class_sessions').set({ status: 'completed' }).where('id', '=', held).execute();
      await testApp.db.deleteFrom('class_sessions').where('batch_id', '=', batchId).where('occurs_on', '>', '2025-06-14').where('id', '<>', held).execute();

      const response = await teacher('POST', `/v1/class/batches/${batchId}/holidays`, { startsOn: '2025-06-14', endsOn: '2025-07-20', reason: 'Summer break' });
      expect(response.statusCode).toBe(201);
      const holiday = response.json() as Holiday;
      // Regenerated up to the horizon first, then cancelled: every scheduled day in range.
      const inRange = await testApp.db
        .selectFrom('class_sessions')
        .select(['id', 'status', 'cancel_reason', 'holiday_id', sql<string>`to_char(occurs_on, 'YYYY-MM-DD')`.as('day')])
        .where('batch_id', '=', batchId)
        .where('occurs_on', '>=', '2025-06-14')
        .where('occurs_on', '<=', '2025-07-20')
        .orderBy('starts_at')
        .execute();
      const cancelled = inRange.filter((row) => row.id !== held);
      expect(cancelled.length).toBeGreaterThan(0);
      expect(holiday).toEqual({
        id: expect.any(String),
        batchId,
        startsOn: '2025-06-14',
        endsOn: '2025-07-20',
        reason: 'Summer break',
        cancelledSessionIds: cancelled.map((row) => row.id),
      });
      expect(cancelled.every((row) => row.status === 'cancelled' && row.cancel_reason === 'Summer break' && row.holiday_id === holiday.id)).toBe(true);
      expect(inRange.find((row) => row.id === held)?.status).toBe('completed');
      expect(await outboxTo(parent.phone)).toEqual([
        { kind: 'class.holiday', body: expect.stringMatching(/from Saturday, 14 June to Sunday, 20 July 2025\..* for Sam and Zoya then\.$/) },
      ]);

      // Days entering the horizon later are written cancelled for the holiday, not scheduled.
      clock = new Date('2025-06-12T03:30:00.000Z');
      await (
        await signedIn(wellKnownTeacher.phone)
      )('GET', '/v1/class/sessions/teacher/upcoming');
      const later = await testApp.db
        .selectFrom('class_sessions')
        .select(['status', 'holiday_id'])
        .where('batch_id', '=', batchId)
        .where('occurs_on', '>', '2025-07-06')
        .where('occurs_on', '<=', '2025-07-16')
        .execute();
      expect(later.length).toBeGreaterThan(0);
      expect(later.every((row) => row.status === 'cancelled' && row.holiday_id === holiday.id)).toBe(true);
    });

    test('validation names the field; only your own batch', async () => {
      const batchId = ownBatches[0] ?? '';
      const url = `/v1/class/batches/${batchId}/holidays`;
      expectError(await teacher('POST', url, { startsOn: '2025-06-10', endsOn: '2025-06-09', reason: 'x' }), 400, 'VALIDATION_ERROR', 'body.endsOn');
      expectError(await teacher('POST', url, { startsOn: '2025-06-10', endsOn: '2025-08-09', reason: 'x' }), 400, 'VALIDATION_ERROR', 'body.endsOn');
      expectError(await teacher('POST', url, { startsOn: '2025-06-01', endsOn: '2025-06-03', reason: 'x' }), 400, 'VALIDATION_ERROR', 'body.startsOn');
      expectError(await teacher('POST', url, { startsOn: '2025-06-10', endsOn: '2025-06-31', reason: 'x' }), 400, 'VALIDATION_ERROR', 'body.endsOn');
      expectError(await teacher('POST', url, { startsOn: '2025-06-10', endsOn: '2025-06-11', reason: ' ' }), 400, 'VALIDATION_ERROR', 'body.reason');
      expectError(await teacher('POST', url, { startsOn: '2025-06-10', endsOn: '2025-06-11' }), 400, 'VALIDATION_ERROR', 'body.reason');
      expectError(await otherTeacher('POST', url, { startsOn: '2025-06-10', endsOn: '2025-06-11', reason: 'x' }), 404, 'BATCH_NOT_FOUND');
      expectError(
        await teacher('POST', `/v1/class/batches/${otherTeachersBatch}/holidays`, { startsOn: '2025-06-10', endsOn: '2025-06-11', reason: 'x' }),
        404,
        'BATCH_NOT_FOUND',
      );
      expectError(await meera('POST', url, { startsOn: '2025-06-10', endsOn: '2025-06-11', reason: 'x' }), 403, 'FORBIDDEN');
      // 60 days inclusive is the most, and today may start one.
      const longest = await teacher('POST', url, { startsOn: TODAY, endsOn: addDaysToDateKey(TODAY, 59), reason: 'Renovation' });
      expect(longest.statusCode).toBe(201);
      expect(await testApp.db.selectFrom('batch_holidays').select('id').where('batch_id', '=', batchId).execute()).toHaveLength(1);
    });
  });

  describe('attendance', () => {
    /** Packs are bought on the anchor day; classes are marked weeks later, a minute into a 10:00 IST class. */
    const LATER = new Date('2025-06-30T04:31:00.000Z');
    let teacherAtLater: Call | undefined;
    let batchId: string;
    let day = 3;
    const dayAfterPurchase = () => `2025-06-${String(day++).padStart(2, '0')}`;

    async function paidLearner(): Promise<BatchStudentFixture> {
      const learner = await newBatchStudent(testApp.app, testApp.db, batchId);
      const order = await postWithKey(learner.call, `/v1/payments/batch-student/${learner.batchStudentId}/class-pack/${learner.plans[0]?.id}`);
      expect(order.statusCode).toBe(201);
      expect((await payOrder(testApp.app, learner.call, order.json())).statusCode).toBe(200);
      return learner;
    }

    const classesLeft = async (call: Call, learner: BatchStudentFixture) =>
      ((await call('GET', `/v1/class/batchStudent/${learner.batchStudentId}/classpack`)).json() as { currentPlan: { classesLeft: number } | null }).currentPlan
        ?.classesLeft;

    /** Moves the clock to LATER, where the well-known teacher is signed in once. */
    async function later(): Promise<Call> {
      clock = LATER;
      teacherAtLater ??= await signedIn(wellKnownTeacher.phone);
      return teacherAtLater;
    }

    const mark = (as: Call, sessionId: string, records: { batchStudentId: string; status: string }[]) =>
      as('POST', `/v1/class/sessions/${sessionId}/attendance`, { records });

    beforeAll(() => {
      batchId = ownBatches[ownBatches.length - 1] ?? '';
    });

    test('attended consumes exactly one class from the pack, once; the session is completed', async () => {
      const learner = await paidLearner();
      const leftBefore = await classesLeft(learner.call, learner);
      const sessionId = await scheduledSession(batchId, dayAfterPurchase());
      const before = await ledgerSums(testApp.db, learner.batchStudentId);
      const teacherLater = await later();

      const response = await mark(teacherLater, sessionId, [{ batchStudentId: learner.batchStudentId, status: 'attended' }]);
      expect(response.statusCode).toBe(200);
      const result = response.json() as AttendanceResult;
      expect(result).toEqual({
        sessionId,
        status: 'completed',
        records: [
          { batchStudentId: learner.batchStudentId, status: 'attended', consumed: { ledgerEntryId: expect.any(String), fromPack: true, amountPaise: 0 } },
        ],
      });
      expect(await ledgerSums(testApp.db, learner.batchStudentId)).toEqual({ ...before, classes: before.classes - 1 });
      expect(await classesLeft(await signInAgain(testApp.app, learner), learner)).toBe((leftBefore ?? 0) - 1);
      const row = await testApp.db.selectFrom('session_attendance').selectAll().where('session_id', '=', sessionId).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        status: 'attended',
        ledger_entry_id: result.records[0]?.consumed?.ledgerEntryId,
        marked_by_teacher_id: teacherId,
        marked_at: LATER,
      });
      expect((await testApp.db.selectFrom('class_sessions').select('status').where('id', '=', sessionId).executeTakeFirstOrThrow()).status).toBe('completed');

      // The same mark again is answered as it stands and consumes nothing more.
      const again = await mark(teacherLater, sessionId, [{ batchStudentId: learner.batchStudentId, status: 'attended' }]);
      expect(again.json()).toEqual(result);
      expect(await ledgerSums(testApp.db, learner.batchStudentId)).toEqual({ ...before, classes: before.classes - 1 });

      // Attendance is final: a different mark is refused and nothing changes.
      expectError(
        await mark(teacherLater, sessionId, [{ batchStudentId: learner.batchStudentId, status: 'missed' }]),
        409,
        'ATTENDANCE_ALREADY_MARKED',
        'body.records/0/batchStudentId',
      );
      expect((await testApp.db.selectFrom('session_attendance').select('status').where('session_id', '=', sessionId).executeTakeFirstOrThrow()).status).toBe(
        'attended',
      );
    });

    test('missed consumes nothing; with no pack left an attended class is owed at the per-class price', async () => {
      const paid = await paidLearner();
      const unpaid = await newBatchStudent(testApp.app, testApp.db, batchId);
      const sessionId = await scheduledSession(batchId, dayAfterPurchase());
      const paidBefore = await ledgerSums(testApp.db, paid.batchStudentId);

      const response = await mark(await later(), sessionId, [
        { batchStudentId: paid.batchStudentId, status: 'missed' },
        { batchStudentId: unpaid.batchStudentId, status: 'attended' },
      ]);
      expect(response.statusCode).toBe(200);
      const smallest = unpaid.plans[0];
      const perClass = Math.floor((smallest?.pricePaise ?? 0) / (smallest?.classes ?? 1));
      expect(perClass).toBeGreaterThan(0);
      expect((response.json() as AttendanceResult).records).toEqual([
        { batchStudentId: paid.batchStudentId, status: 'missed', consumed: null },
        { batchStudentId: unpaid.batchStudentId, status: 'attended', consumed: { ledgerEntryId: expect.any(String), fromPack: false, amountPaise: -perClass } },
      ]);
      expect(await ledgerSums(testApp.db, paid.batchStudentId)).toEqual(paidBefore);
      expect(await ledgerSums(testApp.db, unpaid.batchStudentId)).toEqual({ money: -perClass, classes: 0, payments: 0 });
      expect(
        await testApp.db
          .selectFrom('session_attendance')
          .select(['batch_student_id', 'status', 'ledger_entry_id'])
          .where('batch_student_id', '=', paid.batchStudentId)
          .execute(),
      ).toEqual([{ batch_student_id: paid.batchStudentId, status: 'missed', ledger_entry_id: null }]);
    });

    test('concurrent identical requests book one class', async () => {
      const learner = await paidLearner();
      const sessionId = await scheduledSession(batchId, dayAfterPurchase());
      const before = await ledgerSums(testApp.db, learner.batchStudentId);
      const teacherLater = await later();
      const responses = await Promise.all([1, 2, 3].map(() => mark(teacherLater, sessionId, [{ batchStudentId: learner.batchStudentId, status: 'attended' }])));
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
      const entries = new Set(responses.map((response) => (response.json() as AttendanceResult).records[0]?.consumed?.ledgerEntryId));
      expect(entries.size).toBe(1);
      expect(await ledgerSums(testApp.db, learner.batchStudentId)).toEqual({ ...before, classes: before.classes - 1 });
      const consumed = await testApp.db.selectFrom('ledger_entries').select('id').where('session_id', '=', sessionId).execute();
      expect(consumed).toHaveLength(1);
    });

    test('two registers marked at once for the same students, listed in opposite orders, both go through', async () => {
      const first = await paidLearner();
      const second = await paidLearner();
      const [one, two] = [await scheduledSession(batchId, dayAfterPurchase()), await scheduledSession(batchId, dayAfterPurchase())];
      const before = await ledgerSums(testApp.db, first.batchStudentId);
      const teacherLater = await later();
      const both = (ids: string[]) => ids.map((batchStudentId) => ({ batchStudentId, status: 'attended' }));
      const responses = await Promise.all([
        mark(teacherLater, one ?? '', both([first.batchStudentId, second.batchStudentId])),
        mark(teacherLater, two ?? '', both([second.batchStudentId, first.batchStudentId])),
      ]);
      expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
      // Answered in the order asked, whatever order the classes were consumed in.
      expect((responses[1]?.json() as AttendanceResult).records.map((record) => record.batchStudentId)).toEqual([second.batchStudentId, first.batchStudentId]);
      expect(await ledgerSums(testApp.db, first.batchStudentId)).toEqual({ ...before, classes: before.classes - 2 });
    });

    test('a refused record leaves every record of the request unwritten', async () => {
      const first = await paidLearner();
      const second = await paidLearner();
      const sessionId = await scheduledSession(batchId, dayAfterPurchase());
      const before = await ledgerSums(testApp.db, first.batchStudentId);
      const teacherLater = await later();
      await mark(teacherLater, sessionId, [{ batchStudentId: second.batchStudentId, status: 'missed' }]);
      expectError(
        await mark(teacherLater, sessionId, [
          { batchStudentId: first.batchStudentId, status: 'attended' },
          { batchStudentId: second.batchStudentId, status: 'attended' },
        ]),
        409,
        'ATTENDANCE_ALREADY_MARKED',
        'body.records/1/batchStudentId',
      );
      expect(await ledgerSums(testApp.db, first.batchStudentId)).toEqual(before);
      expect(await testApp.db.selectFrom('session_attendance').select('batch_student_id').where('session_id', '=', sessionId).execute()).toEqual([
        { batch_student_id: second.batchStudentId },
      ]);
    });

    test('the class must have started and not be cancelled', async () => {
      const learner = await paidLearner();
      const upcoming = await scheduledSession(batchId, '2025-07-02');
      const cancelled = await scheduledSession(batchId, dayAfterPurchase(), 'cancelled');
      const today = await scheduledSession(batchId, '2025-06-30');

      // A minute before the start it is refused; a minute after, it is a class that has started.
      clock = new Date('2025-06-30T04:29:00.000Z');
      const early = await signedIn(wellKnownTeacher.phone);
      expectError(await mark(early, today, [{ batchStudentId: learner.batchStudentId, status: 'missed' }]), 409, 'SESSION_NOT_STARTED');
      const teacherLater = await later();
      expectError(await mark(teacherLater, upcoming, [{ batchStudentId: learner.batchStudentId, status: 'attended' }]), 409, 'SESSION_NOT_STARTED');
      expectError(await mark(teacherLater, cancelled, [{ batchStudentId: learner.batchStudentId, status: 'attended' }]), 409, 'SESSION_CANCELLED');
      expect((await mark(teacherLater, today, [{ batchStudentId: learner.batchStudentId, status: 'missed' }])).statusCode).toBe(200);
      expect(await ledgerSums(testApp.db, learner.batchStudentId)).toMatchObject({ classes: learner.plans[0]?.classes });
    });

    test("only the batch's own students, each once; only the batch's teacher", async () => {
      const learner = await paidLearner();
      const sessionId = await scheduledSession(batchId, dayAfterPurchase());
      const elsewhere = await newBatchStudent(testApp.app, testApp.db, otherTeachersBatch);
      const left = await newBatchStudent(testApp.app, testApp.db, batchId);
      await testApp.db.updateTable('batch_students').set({ status: 'left' }).where('id', '=', left.batchStudentId).execute();
      const own = { batchStudentId: learner.batchStudentId, status: 'attended' };
      const teacherLater = await later();
      const otherLater = await signedIn(
        (
          await testApp.db
            .selectFrom('users')
            .select('phone')
            .where('teacher_id', '=', await ownerOf(otherTeachersBatch))
            .executeTakeFirstOrThrow()
        ).phone,
      );
      const learnerLater = await signInAgain(testApp.app, learner);

      expectError(
        await mark(teacherLater, sessionId, [own, { batchStudentId: elsewhere.batchStudentId, status: 'attended' }]),
        422,
        'BATCH_STUDENT_NOT_IN_BATCH',
        'body.records/1/batchStudentId',
      );
      expectError(
        await mark(teacherLater, sessionId, [own, { batchStudentId: wellKnownFamily.aarav.batchStudentId, status: 'missed' }]),
        422,
        'BATCH_STUDENT_NOT_IN_BATCH',
        'body.records/1/batchStudentId',
      );
      expectError(
        await mark(teacherLater, sessionId, [{ batchStudentId: left.batchStudentId, status: 'missed' }]),
        422,
        'BATCH_STUDENT_NOT_IN_BATCH',
        'body.records/0/batchStudentId',
      );
      expectError(
        await mark(teacherLater, sessionId, [{ batchStudentId: UNKNOWN_ID, status: 'missed' }]),
        422,
        'BATCH_STUDENT_NOT_IN_BATCH',
        'body.records/0/batchStudentId',
      );
      expectError(await mark(teacherLater, sessionId, [own, { ...own, status: 'missed' }]), 400, 'VALIDATION_ERROR', 'body.records/1/batchStudentId');
      expectError(await mark(teacherLater, sessionId, []), 400, 'VALIDATION_ERROR', 'body.records');
      expectError(
        await mark(teacherLater, sessionId, [{ batchStudentId: learner.batchStudentId, status: 'late' }]),
        400,
        'VALIDATION_ERROR',
        'body.records.0.status',
      );
      expectError(
        await mark(teacherLater, sessionId, [{ batchStudentId: 'nobody', status: 'missed' }]),
        400,
        'VALIDATION_ERROR',
        'body.records.0.batchStudentId',
      );
      expectError(await mark(otherLater, sessionId, [own]), 404, 'SESSION_NOT_FOUND');
      expectError(await mark(teacherLater, UNKNOWN_ID, [own]), 404, 'SESSION_NOT_FOUND');
      expectError(await mark(learnerLater, sessionId, [own]), 403, 'FORBIDDEN');
      expectError(
        await testApp.app.inject({ method: 'POST', url: `/v1/class/sessions/${sessionId}/attendance`, payload: { records: [own] } }),
        401,
        'UNAUTHORIZED',
      );
      expect(await testApp.db.selectFrom('session_attendance').select('status').where('session_id', '=', sessionId).execute()).toEqual([]);
      expect((await testApp.db.selectFrom('class_sessions').select('status').where('id', '=', sessionId).executeTakeFirstOrThrow()).status).toBe('scheduled');
    });
  });

  test('every route is in the OpenAPI document with its schemas', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown }>>;
    };
    for (const [path, method, status] of [
      ['/v1/class/sessions/learner/upcoming', 'get', '200'],
      ['/v1/class/sessions/teacher/upcoming', 'get', '200'],
      ['/v1/class/sessions/{id}/cancel', 'post', '200'],
      ['/v1/class/batches/{id}/holidays', 'post', '201'],
      ['/v1/class/sessions/{id}/attendance', 'post', '200'],
    ] as const) {
      const operation = document.paths[path]?.[method];
      expect(operation?.responses[status]).toBeDefined();
      expect(operation?.security).toEqual([{ bearerAuth: [] }]);
    }
  });
});
