import type { AttendanceCorrection, SessionRegister } from '@kalike/shared/contracts/sessions';
import { wellKnownFamily, wellKnownTeacher } from '../../db/seed/accounts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { caller } from '../../testing/enquiry-fixtures';
import { expectError } from '../../testing/enquiry-parties';
import { ledgerSums, newBatchStudent, PAYMENT_TEST_NOW, payOrder, postWithKey, type BatchStudentFixture, type Call } from '../../testing/payment-fixtures';
import { signIn } from '../../testing/sign-in';

/** A class on 10 June 2025, 10:00–11:00 IST; its marks can be changed until 12 June 00:00 IST. */
const CLASS_DAY = '2025-06-10';
const MARKED_AT = new Date('2025-06-10T04:31:00.000Z');
const LAST_MINUTE = new Date('2025-06-11T18:29:00.000Z'); // 23:59 IST on the day after the class
const WINDOW_SHUT = new Date('2025-06-11T18:30:00.000Z'); // 00:00 IST two days after

describe('correcting a register mark', () => {
  let testApp: TestApp;
  let clock = PAYMENT_TEST_NOW;
  let address = 0;
  let teacherId: string;
  let batchId: string;
  let otherTeacherPhone: string;
  let day = 10;

  /** Signs in at the current clock, so the token is fresh whatever time the test is at. */
  const signedInNow = async (phone: string) =>
    caller(testApp.app, (await signIn(testApp.app, phone, `10.7.${Math.floor(++address / 200)}.${address % 200}`)).tokens.accessToken);
  const teacherAt = async (at: Date) => {
    clock = at;
    return signedInNow(wellKnownTeacher.phone);
  };

  /** A session of the batch on a fresh day in June, 10:00–11:00 IST; returns it with its window's edges. */
  async function classSession(): Promise<{ id: string; markedAt: Date; lastMinute: Date; shut: Date }> {
    const offset = (day++ - 10) * 86_400_000;
    const occursOn = new Date(new Date(`${CLASS_DAY}T00:00:00Z`).getTime() + offset).toISOString().slice(0, 10);
    const values = {
      starts_at: `${occursOn}T10:00:00+05:30`,
      ends_at: `${occursOn}T11:00:00+05:30`,
      status: 'scheduled' as const,
      cancel_reason: null,
      cancelled_at: null,
      holiday_id: null,
    };
    const row = await testApp.db
      .insertInto('class_sessions')
      .values({ batch_id: batchId, occurs_on: occursOn, ...values })
      .onConflict((conflict) => conflict.columns(['batch_id', 'occurs_on']).doUpdateSet(values))
      .returning('id')
      .executeTakeFirstOrThrow();
    const shift = (at: Date) => new Date(at.getTime() + offset);
    return { id: row.id, markedAt: shift(MARKED_AT), lastMinute: shift(LAST_MINUTE), shut: shift(WINDOW_SHUT) };
  }

  async function paidLearner(): Promise<BatchStudentFixture> {
    clock = PAYMENT_TEST_NOW;
    const learner = await newBatchStudent(testApp.app, testApp.db, batchId);
    const order = await postWithKey(learner.call, `/v1/payments/batch-student/${learner.batchStudentId}/class-pack/${learner.plans[0]?.id}`);
    expect(order.statusCode).toBe(201);
    expect((await payOrder(testApp.app, learner.call, order.json())).statusCode).toBe(200);
    return learner;
  }

  const mark = (as: Call, sessionId: string, batchStudentId: string, status: string) =>
    as('POST', `/v1/class/sessions/${sessionId}/attendance`, { records: [{ batchStudentId, status }] });
  const correct = (as: Call, sessionId: string, batchStudentId: string, status: string) =>
    as('PUT', `/v1/class/sessions/${sessionId}/attendance/${batchStudentId}`, { status });

  /** What the register shows the teacher for the student now. */
  async function onRegister(as: Call, sessionId: string, batchStudentId: string) {
    const body = (await as('GET', `/v1/class/sessions/${sessionId}/register`)).json() as SessionRegister;
    return body.students.find((student) => student.batchStudentId === batchStudentId);
  }

  const changesOf = (sessionId: string, batchStudentId: string) =>
    testApp.db
      .selectFrom('session_attendance_changes')
      .select(['from_status', 'to_status', 'changed_by_teacher_id', 'changed_at', 'ledger_entry_id'])
      .where('session_id', '=', sessionId)
      .where('batch_student_id', '=', batchStudentId)
      .orderBy('changed_at')
      .execute();

  const entriesOf = (sessionId: string, batchStudentId: string) =>
    testApp.db
      .selectFrom('ledger_entries')
      .select(['id', 'kind', 'amount_paise', 'classes_delta', 'batch_student_plan_id', 'answers_entry_id'])
      .where('session_id', '=', sessionId)
      .where('batch_student_id', '=', batchStudentId)
      .orderBy('seq')
      .execute();

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => clock, payments: { sandboxWebhookDelayMs: 60_000 } });
    const teacherSignIn = await signIn(testApp.app, wellKnownTeacher.phone, '10.7.250.1');
    teacherId = teacherSignIn.user.teacher?.id ?? '';
    const batches = await testApp.db
      .selectFrom('batches as b')
      .innerJoin('programs as p', 'p.id', 'b.program_id')
      .innerJoin('teacher_listings as l', 'l.id', 'p.listing_id')
      .innerJoin('users as u', 'u.teacher_id', 'l.teacher_id')
      .select(['b.id', 'l.teacher_id', 'u.phone'])
      .where('b.id', 'not in', [wellKnownFamily.aarav.batchId, wellKnownFamily.diya.batchId])
      .orderBy('b.id')
      .execute();
    batchId = batches.filter((batch) => batch.teacher_id === teacherId).at(-1)?.id ?? '';
    otherTeacherPhone = batches.find((batch) => batch.teacher_id !== teacherId)?.phone ?? '';
    expect(batchId).not.toBe('');
  });

  afterAll(async () => {
    await testApp.close();
  });

  afterEach(() => {
    clock = PAYMENT_TEST_NOW;
  });

  test('present → absent gives the class back to its pack in the last minute of the window; absent → present takes it again; each change is kept', async () => {
    const learner = await paidLearner();
    const session = await classSession();
    const before = await ledgerSums(testApp.db, learner.batchStudentId);
    const classes = learner.plans[0]?.classes ?? 0;

    const atClass = await teacherAt(session.markedAt);
    const unmarked = await onRegister(atClass, session.id, learner.batchStudentId);
    expect(unmarked?.standing.ifPresent).toBe(`Present uses one of ${unmarked?.name}'s classes: ${classes} of ${classes} left → ${classes - 1}`);
    expect((await mark(atClass, session.id, learner.batchStudentId, 'attended')).statusCode).toBe(200);
    expect(await ledgerSums(testApp.db, learner.batchStudentId)).toEqual({ ...before, classes: before.classes - 1 });
    const register = (await atClass('GET', `/v1/class/sessions/${session.id}/register`)).json() as SessionRegister;
    expect(register.marking.correctableUntil).toBe(session.shut.toISOString());

    const lastMinute = await teacherAt(session.lastMinute);
    const toAbsent = await correct(lastMinute, session.id, learner.batchStudentId, 'missed');
    expect(toAbsent.statusCode).toBe(200);
    const returned = toAbsent.json() as AttendanceCorrection;
    expect(returned).toEqual({
      sessionId: session.id,
      batchStudentId: learner.batchStudentId,
      status: 'missed',
      changed: true,
      ledgerEntryId: expect.any(String),
      standing: { classesLeft: classes, owedPaise: 0 },
    });
    // The family holds exactly what it held before the class: the same money, every class.
    expect(await ledgerSums(testApp.db, learner.batchStudentId)).toEqual(before);
    expect(await onRegister(lastMinute, session.id, learner.batchStudentId)).toMatchObject({ attendance: 'missed', standing: { classesLeft: classes } });
    const [consumed, back] = await entriesOf(session.id, learner.batchStudentId);
    expect(back).toEqual({
      id: returned.ledgerEntryId,
      kind: 'class_returned',
      amount_paise: 0,
      classes_delta: 1,
      batch_student_plan_id: consumed?.batch_student_plan_id,
      answers_entry_id: consumed?.id,
    });

    // The same correction again (a retry, a second tap) writes nothing.
    const repeated = (await correct(lastMinute, session.id, learner.batchStudentId, 'missed')).json() as AttendanceCorrection;
    expect(repeated).toMatchObject({ changed: false, status: 'missed', standing: { classesLeft: classes } });
    expect(await entriesOf(session.id, learner.batchStudentId)).toHaveLength(2);

    // Back to present: one class is taken again, answering the return.
    const toPresent = (await correct(lastMinute, session.id, learner.batchStudentId, 'attended')).json() as AttendanceCorrection;
    expect(toPresent).toMatchObject({ changed: true, status: 'attended', standing: { classesLeft: classes - 1, owedPaise: 0 } });
    expect(await ledgerSums(testApp.db, learner.batchStudentId)).toEqual({ ...before, classes: before.classes - 1 });
    const entries = await entriesOf(session.id, learner.batchStudentId);
    expect(entries.map((entry) => [entry.kind, entry.classes_delta])).toEqual([
      ['class_consumed', -1],
      ['class_returned', 1],
      ['class_consumed', -1],
    ]);
    expect(entries[2]?.answers_entry_id).toBe(entries[1]?.id);
    const row = await testApp.db
      .selectFrom('session_attendance')
      .select(['status', 'ledger_entry_id', 'marked_at'])
      .where('session_id', '=', session.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'attended', ledger_entry_id: entries[2]?.id, marked_at: session.markedAt });

    expect(await changesOf(session.id, learner.batchStudentId)).toEqual([
      { from_status: 'attended', to_status: 'missed', changed_by_teacher_id: teacherId, changed_at: session.lastMinute, ledger_entry_id: entries[1]?.id },
      { from_status: 'missed', to_status: 'attended', changed_by_teacher_id: teacherId, changed_at: session.lastMinute, ledger_entry_id: entries[2]?.id },
    ]);

    // The window has shut: the mark stands, and the teacher is told the family can ask for a refund.
    const late = await teacherAt(session.shut);
    expectError(await correct(late, session.id, learner.batchStudentId, 'missed'), 409, 'ATTENDANCE_CORRECTION_CLOSED', 'refund');
    expect(await ledgerSums(testApp.db, learner.batchStudentId)).toEqual({ ...before, classes: before.classes - 1 });
    expect(await changesOf(session.id, learner.batchStudentId)).toHaveLength(2);
    // Asking for the mark it already has is still answered, after the window too.
    expect(((await correct(late, session.id, learner.batchStudentId, 'attended')).json() as AttendanceCorrection).changed).toBe(false);
  });

  test('an owed class corrected to absent is no longer owed; absent first marked can become present', async () => {
    clock = PAYMENT_TEST_NOW;
    const unpaid = await newBatchStudent(testApp.app, testApp.db, batchId);
    const paid = await paidLearner();
    const session = await classSession();
    const teacher = await teacherAt(session.markedAt);
    const perClass = Math.floor((unpaid.plans[0]?.pricePaise ?? 0) / (unpaid.plans[0]?.classes ?? 1));
    expect((await onRegister(teacher, session.id, unpaid.batchStudentId))?.standing.ifPresent).toMatch(
      /has no class left: Present adds ₹[\d,.]+ to what the family owes$/,
    );
    expect(
      (
        await teacher('POST', `/v1/class/sessions/${session.id}/attendance`, {
          records: [
            { batchStudentId: unpaid.batchStudentId, status: 'attended' },
            { batchStudentId: paid.batchStudentId, status: 'missed' },
          ],
        })
      ).statusCode,
    ).toBe(200);
    const owed = await ledgerSums(testApp.db, unpaid.batchStudentId);
    expect(owed.money).toBeLessThan(0);
    expect(-owed.money).toBeGreaterThanOrEqual(perClass);

    const cleared = (await correct(teacher, session.id, unpaid.batchStudentId, 'missed')).json() as AttendanceCorrection;
    expect(cleared).toMatchObject({ changed: true, standing: { classesLeft: 0, owedPaise: 0 } });
    expect(await ledgerSums(testApp.db, unpaid.batchStudentId)).toEqual({ money: 0, classes: 0, payments: 0 });
    const [, back] = await entriesOf(session.id, unpaid.batchStudentId);
    expect(back).toMatchObject({ kind: 'class_returned', amount_paise: -owed.money, classes_delta: 0 });

    const paidBefore = await ledgerSums(testApp.db, paid.batchStudentId);
    const present = (await correct(teacher, session.id, paid.batchStudentId, 'attended')).json() as AttendanceCorrection;
    expect(present).toMatchObject({ changed: true, status: 'attended', standing: { classesLeft: (paid.plans[0]?.classes ?? 0) - 1 } });
    expect(await ledgerSums(testApp.db, paid.batchStudentId)).toEqual({ ...paidBefore, classes: paidBefore.classes - 1 });
    expect(await entriesOf(session.id, paid.batchStudentId)).toMatchObject([{ kind: 'class_consumed', answers_entry_id: null }]);
  });

  test('two corrections of one mark at once end with one result and one class given back', async () => {
    const learner = await paidLearner();
    const session = await classSession();
    const teacher = await teacherAt(session.markedAt);
    expect((await mark(teacher, session.id, learner.batchStudentId, 'attended')).statusCode).toBe(200);
    const before = await ledgerSums(testApp.db, learner.batchStudentId);

    const answers = await Promise.all([1, 2, 3].map(() => correct(teacher, session.id, learner.batchStudentId, 'missed')));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => (answer.json() as AttendanceCorrection).changed).sort()).toEqual([false, false, true]);
    expect(await ledgerSums(testApp.db, learner.batchStudentId)).toEqual({ ...before, classes: before.classes + 1 });
    expect(await changesOf(session.id, learner.batchStudentId)).toHaveLength(1);
  });

  test('only the teacher of the class corrects its marks, and only marks already made', async () => {
    const learner = await paidLearner();
    const session = await classSession();
    const teacher = await teacherAt(session.markedAt);
    expectError(await correct(teacher, session.id, learner.batchStudentId, 'missed'), 409, 'ATTENDANCE_NOT_MARKED');
    const marked = await mark(teacher, session.id, learner.batchStudentId, 'attended');
    expect([marked.statusCode, marked.body]).toEqual([200, expect.any(String)]);
    const before = await ledgerSums(testApp.db, learner.batchStudentId);

    const otherTeacher = await signedInNow(otherTeacherPhone);
    expectError(await correct(otherTeacher, session.id, learner.batchStudentId, 'missed'), 404, 'SESSION_NOT_FOUND');
    const family = await signedInNow(learner.phone);
    expect((await correct(family, session.id, learner.batchStudentId, 'missed')).statusCode).toBe(403);
    expectError(await correct(teacher, session.id, learner.batchStudentId, 'late'), 400, 'VALIDATION_ERROR');
    expect(await ledgerSums(testApp.db, learner.batchStudentId)).toEqual(before);
    expect(await changesOf(session.id, learner.batchStudentId)).toEqual([]);
  });
});
