import type { CheckoutOrder, ClassPackOptions } from '@kalike/shared/contracts/payments';
import type { TeacherPaymentBatches } from '@kalike/shared/contracts/teacher-payments';
import type { PaymentRequest } from '@kalike/shared/contracts/payment-requests';
import type { EndedBatch } from '@kalike/shared/contracts/refunds';
import type { TeacherWeek } from '@kalike/shared/contracts/sessions';
import { selectBatchesWithTeacher } from '../../../shared/batch-context';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { caller } from '../../../testing/enquiry-fixtures';
import { expectError } from '../../../testing/enquiry-parties';
import {
  batchesWithPlans,
  key,
  newBatchStudent,
  newLearner,
  PAYMENT_TEST_NOW,
  payOrder,
  postWithKey,
  type BatchStudentFixture,
  type Call,
} from '../../../testing/payment-fixtures';
import { signIn } from '../../../testing/sign-in';

// PAYMENT_TEST_NOW is Monday 2 June 2025, 09:00 IST.
const today = '2025-06-02';

describe('an ended batch', () => {
  let testApp: TestApp;
  let ip = 0;

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => PAYMENT_TEST_NOW, payments: { sandboxWebhookDelayMs: 60_000 } });
  });

  afterAll(async () => {
    await testApp.close();
  });

  async function teacherOf(batchId: string): Promise<Call> {
    const own = await selectBatchesWithTeacher(testApp.db).select('t.phone').where('b.id', '=', batchId).executeTakeFirstOrThrow();
    ip += 1;
    return caller(testApp.app, (await signIn(testApp.app, own.phone, `10.7.0.${ip}`)).tokens.accessToken);
  }

  async function familyWithPack(batchId: string): Promise<BatchStudentFixture> {
    const learner = await newBatchStudent(testApp.app, testApp.db, batchId);
    const order = (
      await postWithKey(learner.call, `/v1/payments/batch-student/${learner.batchStudentId}/class-pack/${learner.plans[0]?.id}`, {})
    ).json() as CheckoutOrder;
    expect((await payOrder(testApp.app, learner.call, order)).statusCode).toBe(200);
    return learner;
  }

  async function session(batchId: string, day: string, time: string, status: 'scheduled' | 'completed' = 'scheduled'): Promise<string> {
    const row = await testApp.db
      .insertInto('class_sessions')
      .values({ batch_id: batchId, occurs_on: day, starts_at: `${day}T${time}:00+05:30`, ends_at: `${day}T23:00:00+05:30`, status })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const sessionsOf = (batchId: string) =>
    testApp.db.selectFrom('class_sessions').select(['id', 'status', 'cancel_reason']).where('batch_id', '=', batchId).orderBy('starts_at').execute();

  test("ending a batch ends its schedule today: its classes still to come leave the calendar and the teacher's week", async () => {
    const [batchId = ''] = await batchesWithPlans(testApp.db, 3);
    const teacher = await teacherOf(batchId);
    await familyWithPack(batchId);
    // The schedule's own sessions (written by generation), and a few of ours on either side of now.
    await testApp.db.deleteFrom('class_sessions').where('batch_id', '=', batchId).where('occurs_on', 'in', ['2025-05-30', today]).execute();
    const past = await session(batchId, '2025-05-30', '10:00', 'completed');
    const laterToday = await session(batchId, today, '18:00');
    await session(batchId, '2025-06-04', '18:00');
    const comingDays = await testApp.db.selectFrom('class_sessions').select('id').where('batch_id', '=', batchId).where('occurs_on', '>', today).execute();
    expect(comingDays.length).toBeGreaterThan(0);

    const response = await teacher('POST', `/v1/payments/teacher/batches/${batchId}/end`);
    expect(response.statusCode).toBe(200);
    const ended = response.json() as EndedBatch;
    expect(ended).toMatchObject({ batchId, endsOn: today, removedSessions: comingDays.length + 1 });

    const batch = await testApp.db
      .selectFrom('batches')
      .select((eb) => eb.fn<string>('to_char', ['ends_on', eb.val('YYYY-MM-DD')]).as('ends_on'))
      .where('id', '=', batchId)
      .executeTakeFirstOrThrow();
    expect(batch.ends_on).toBe(today);
    // The class given stays; today's later class stays only as cancelled (so nothing writes it again); the later days are gone.
    const left = await sessionsOf(batchId);
    expect(left.filter((row) => row.id === past || row.id === laterToday)).toEqual([
      { id: past, status: 'completed', cancel_reason: null },
      { id: laterToday, status: 'cancelled', cancel_reason: 'The batch has ended' },
    ]);
    expect(await testApp.db.selectFrom('class_sessions').select('id').where('batch_id', '=', batchId).where('occurs_on', '>', today).execute()).toEqual([]);
    const week = (await teacher('GET', `/v1/class/sessions/teacher/week?week=${today}`)).json() as TeacherWeek;
    expect(week.classes.filter((entry) => entry.batch.id === batchId).map((entry) => entry.session.status)).toEqual(['cancelled']);

    // Ending again changes nothing more.
    expect(((await teacher('POST', `/v1/payments/teacher/batches/${batchId}/end`)).json() as EndedBatch).removedSessions).toBe(0);
  });

  test('an ended batch takes nobody new and sells no pack, on every path, with 409 BATCH_ENDED', async () => {
    const [, batchId = ''] = await batchesWithPlans(testApp.db, 3);
    const teacher = await teacherOf(batchId);
    const family = await familyWithPack(batchId);
    const planId = family.plans[1]?.id ?? '';
    // A request the teacher sent a new family before the batch's last day came.
    const newcomer = await newLearner(testApp.app);
    const invitation = (await teacher('POST', `/v1/class/batches/${batchId}/invitations`, {})).json() as { token: string };
    const asked = await teacher('POST', '/v1/class/batch-student-payment-request', { batchStudentId: family.batchStudentId, classPackPlanId: planId });
    expect(asked.statusCode).toBe(201);
    const request = asked.json() as PaymentRequest;

    // The batch's last day comes (as when the teacher set it in the listing editor).
    await testApp.db.updateTable('batches').set({ ends_on: today }).where('id', '=', batchId).execute();

    // The screens offer nothing to buy: the family's options and the teacher's Ask to pay say why.
    const options = (await family.call('GET', `/v1/class/batchStudent/${family.batchStudentId}/classpack`)).json() as ClassPackOptions;
    expect(options.nextPack).toEqual({ allowed: false, startsOn: null, message: expect.stringContaining('This batch has ended') });
    expect(options.planChange).toEqual({ allowed: false, message: expect.stringContaining('This batch has ended') });
    const teacherBatches = (await teacher('GET', '/v1/payments/teacher/batches')).json() as TeacherPaymentBatches;
    const student = teacherBatches.batches.find((entry) => entry.batch.id === batchId)?.students.find((one) => one.batchStudentId === family.batchStudentId);
    expect(student?.nextPack).toMatchObject({ allowed: false, message: expect.stringContaining('This batch has ended') });

    expectError(await postWithKey(family.call, `/v1/payments/batch-student/${family.batchStudentId}/class-pack/${planId}`, {}), 409, 'BATCH_ENDED');
    expectError(
      await family.call(
        'PUT',
        `/v1/class/change-plan/batch-student/${family.batchStudentId}`,
        { batchStudentClasspackPlanID: planId },
        { 'idempotency-key': key() },
      ),
      409,
      'BATCH_ENDED',
    );
    expectError(await postWithKey(family.call, `/v1/payments/payment-request/${request.id}/payments`), 409, 'BATCH_ENDED');
    expectError(
      await teacher('POST', '/v1/class/batch-student-payment-request', { batchStudentId: family.batchStudentId, classPackPlanId: planId }),
      409,
      'BATCH_ENDED',
    );
    expectError(await teacher('POST', `/v1/class/batches/${batchId}/invitations`, {}), 409, 'BATCH_ENDED');
    // The join page says so before anyone tries; joining is refused with the same words.
    const check = await newcomer.call('GET', `/v1/class/validate-payment-request/batch/${batchId}`, undefined, { 'x-batch-invitation': invitation.token });
    expect(check.json()).toMatchObject({ valid: false, message: expect.stringContaining('This batch has ended'), batchStudentId: null });
    expectError(await newcomer.call('POST', `/v1/class/validate-payment-request/batch/${batchId}/join`, { invitation: invitation.token }), 409, 'BATCH_ENDED');
    // Nothing was written: no order, no new place.
    expect(await testApp.db.selectFrom('batch_students').select('id').where('learner_account_id', '=', newcomer.accountId).execute()).toEqual([]);
    const orders = await testApp.db.selectFrom('orders').select('id').where('learner_account_id', '=', family.accountId).execute();
    expect(orders).toHaveLength(1);
  });
});
