import type { CheckoutOrder } from '@kalike/shared/contracts/payments';
import type { TeacherPaymentBatches, TeacherPaymentRequest, TeacherPaymentRequests } from '@kalike/shared/contracts/teacher-payments';
import { minimumOrderPaise } from '@kalike/shared/domain/payment-values';
import { selectBatchesWithTeacher } from '../../../shared/batch-context';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { caller } from '../../../testing/enquiry-fixtures';
import { expectError } from '../../../testing/enquiry-parties';
import {
  batchesWithPlans,
  newBatchStudent,
  newSession,
  PAYMENT_TEST_NOW,
  payOrder,
  postWithKey,
  type BatchStudentFixture,
  type Call,
} from '../../../testing/payment-fixtures';
import { signIn } from '../../../testing/sign-in';

const UNKNOWN_ID = '7d6f0e4a-3b1c-4d2e-9f80-123456789abc';
const ask = '/v1/class/batch-student-payment-request';

/**
 * The teacher's side of payment requests: the batches and students to ask, the requests sent
 * by status, and withdrawing an open one. Every amount is the API's.
 */
describe("a teacher's payment requests", () => {
  let testApp: TestApp;
  let teacher: Call;
  let otherTeacher: Call;
  let batchId: string;
  let family: BatchStudentFixture;

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => PAYMENT_TEST_NOW, payments: { sandboxWebhookDelayMs: 60_000 } });
    [batchId = ''] = await batchesWithPlans(testApp.db, 3);
    const owner = await selectBatchesWithTeacher(testApp.db).select(['t.id', 't.phone']).where('b.id', '=', batchId).executeTakeFirstOrThrow();
    const other = await selectBatchesWithTeacher(testApp.db).select('t.phone').where('t.id', '!=', owner.id).orderBy('t.phone').executeTakeFirstOrThrow();
    teacher = caller(testApp.app, (await signIn(testApp.app, owner.phone, '10.9.0.1')).tokens.accessToken);
    otherTeacher = caller(testApp.app, (await signIn(testApp.app, other.phone, '10.9.0.2')).tokens.accessToken);
    family = await newBatchStudent(testApp.app, testApp.db, batchId);
  });

  afterAll(async () => {
    await testApp.close();
  });

  const batchesOf = async (call: Call) => {
    const response = await call('GET', '/v1/payments/teacher/batches');
    expect(response.statusCode).toBe(200);
    return response.json() as TeacherPaymentBatches;
  };
  const studentIn = (batches: TeacherPaymentBatches, batchStudentId: string) =>
    batches.batches.flatMap((entry) => entry.students).find((student) => student.batchStudentId === batchStudentId);

  test("lists only the teacher's own batches, with their plans and students; learners are refused", async () => {
    const mine = await batchesOf(teacher);
    const batch = mine.batches.find((entry) => entry.batch.id === batchId);
    expect(batch?.batch.plans.map((plan) => plan.id)).toEqual(family.plans.map((plan) => plan.id));
    expect(studentIn(mine, family.batchStudentId)).toEqual({
      batchStudentId: family.batchStudentId,
      studentName: 'Test Parent',
      status: 'enrolled',
      classPack: null,
      owedPaise: 0,
      owedRequestPaise: null,
      openRequests: 0,
      queuedPacks: [],
      nextPack: { allowed: true, startsOn: '2025-06-02', message: null },
    });
    const owners = await selectBatchesWithTeacher(testApp.db)
      .select('b.id')
      .where(
        'b.id',
        'in',
        mine.batches.map((entry) => entry.batch.id),
      )
      .where('t.id', '!=', (await selectBatchesWithTeacher(testApp.db).select('t.id').where('b.id', '=', batchId).executeTakeFirstOrThrow()).id)
      .execute();
    expect(owners).toEqual([]);

    const theirs = await batchesOf(otherTeacher);
    expect(theirs.batches.map((entry) => entry.batch.id)).not.toContain(batchId);
    expect(studentIn(theirs, family.batchStudentId)).toBeUndefined();

    expectError(await family.call('GET', '/v1/payments/teacher/batches'), 403, 'FORBIDDEN');
    expectError(await testApp.app.inject({ method: 'GET', url: '/v1/payments/teacher/batches' }), 401, 'UNAUTHORIZED');
  });

  test('the amount comes from the plan: an amount in the body is refused, and the request costs what the plan costs', async () => {
    const plan = family.plans[1]!;
    expectError(await teacher('POST', ask, { batchStudentId: family.batchStudentId, classPackPlanId: plan.id, amountPaise: 100 }), 400, 'VALIDATION_ERROR');
    expectError(await teacher('POST', ask, { batchStudentId: family.batchStudentId, classPackPlanId: 'not-a-uuid' }), 400, 'VALIDATION_ERROR');
    expectError(await otherTeacher('POST', ask, { batchStudentId: family.batchStudentId, classPackPlanId: plan.id }), 404, 'BATCH_STUDENT_NOT_FOUND');
    expectError(await family.call('POST', ask, { batchStudentId: family.batchStudentId, classPackPlanId: plan.id }), 403, 'FORBIDDEN');

    const created = await teacher('POST', ask, { batchStudentId: family.batchStudentId, classPackPlanId: plan.id });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ amountPaise: plan.pricePaise, classPack: { name: plan.name, classesCount: plan.classes }, dueOn: '2025-06-09' });
    expect(studentIn(await batchesOf(teacher), family.batchStudentId)?.openRequests).toBe(1);
  });

  test('what is owed: classes taken without a pack are asked for at the amount the ledger says', async () => {
    const learner = await newBatchStudent(testApp.app, testApp.db, batchId);
    expectError(await teacher('POST', ask, { batchStudentId: learner.batchStudentId }), 409, 'NOTHING_TO_PAY');
    for (const day of ['2025-05-26', '2025-05-27']) {
      await testApp.app.payments.ledger.consumeClass(learner.batchStudentId, await newSession(testApp.db, batchId, day));
    }
    const owedRow = studentIn(await batchesOf(teacher), learner.batchStudentId);
    const smallest = learner.plans[0]!;
    const perClass = Math.round(smallest.pricePaise / smallest.classes);
    expect(owedRow).toMatchObject({ owedPaise: 2 * perClass, owedRequestPaise: Math.max(2 * perClass, minimumOrderPaise) });

    const created = await teacher('POST', ask, { batchStudentId: learner.batchStudentId });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ amountPaise: owedRow?.owedRequestPaise, classPack: null });
    expectError(await teacher('POST', ask, { batchStudentId: learner.batchStudentId }), 409, 'PAYMENT_REQUEST_ALREADY_OPEN');

    // Paid, the request completes and the ledger is square.
    const order = (await postWithKey(learner.call, `/v1/payments/payment-request/${created.json().id}/payments`)).json() as CheckoutOrder;
    expect((await payOrder(testApp.app, learner.call, order)).statusCode).toBe(200);
    expect(studentIn(await batchesOf(teacher), learner.batchStudentId)).toMatchObject({ owedPaise: 0, owedRequestPaise: null, openRequests: 0 });
    const lists = (await teacher('GET', '/v1/payments/teacher/payment-requests')).json() as TeacherPaymentRequests;
    expect(lists.completed.find((request) => request.id === created.json().id)).toMatchObject({
      status: 'completed',
      batchId,
      batchStudentId: learner.batchStudentId,
      completedAt: expect.any(String),
    });
  });

  test('requests are listed by status, only to the teacher who sent them', async () => {
    const { waiting, ...lists } = (await teacher('GET', '/v1/payments/teacher/payment-requests')).json() as TeacherPaymentRequests;
    expect(lists.open.length).toBeGreaterThan(0);
    // The sum of what waits is the API's, over every open request of the teacher's.
    const stored = await testApp.db
      .selectFrom('payment_requests as pr')
      .innerJoin('batches as b', 'b.id', 'pr.batch_id')
      .select(['pr.amount_paise'])
      .where('pr.teacher_id', '=', (await selectBatchesWithTeacher(testApp.db).select('t.id').where('b.id', '=', batchId).executeTakeFirstOrThrow()).id)
      .where('pr.status', '=', 'open')
      .execute();
    expect(waiting).toEqual({ count: stored.length, amountPaise: stored.reduce((total, row) => total + row.amount_paise, 0) });
    for (const [status, requests] of Object.entries(lists)) for (const request of requests as TeacherPaymentRequest[]) expect(request.status).toBe(status);
    const mine = [...lists.open, ...lists.completed, ...lists.cancelled].map((request) => request.id);
    const theirs = (await otherTeacher('GET', '/v1/payments/teacher/payment-requests')).json() as TeacherPaymentRequests;
    // Another teacher's sum counts only their own requests (none of which is one of these).
    expect(theirs.waiting.count).toBe(theirs.open.length);
    expect(theirs.waiting.amountPaise).toBe(theirs.open.reduce((total, request) => total + request.amountPaise, 0));
    expect([...theirs.open, ...theirs.completed, ...theirs.cancelled].filter((request) => mine.includes(request.id))).toEqual([]);
    expectError(await family.call('GET', '/v1/payments/teacher/payment-requests'), 403, 'FORBIDDEN');
  });

  test('only an open request is cancelled, by its own teacher; a paid one cannot be, and a cancelled one cannot be paid', async () => {
    const learner = await newBatchStudent(testApp.app, testApp.db, batchId);
    const plan = learner.plans[0]!;
    const request = (await teacher('POST', ask, { batchStudentId: learner.batchStudentId, classPackPlanId: plan.id })).json() as TeacherPaymentRequest;
    const cancel = (id: string) => `/v1/payments/teacher/payment-requests/${id}/cancel`;

    // The family opened the checkout before the teacher withdrew it: that order expires with it.
    const order = (await postWithKey(learner.call, `/v1/payments/payment-request/${request.id}/payments`)).json() as CheckoutOrder;

    expectError(await otherTeacher('POST', cancel(request.id)), 404, 'PAYMENT_REQUEST_NOT_FOUND');
    expectError(await learner.call('POST', cancel(request.id)), 403, 'FORBIDDEN');
    expectError(await teacher('POST', cancel(UNKNOWN_ID)), 404, 'PAYMENT_REQUEST_NOT_FOUND');
    expectError(await teacher('POST', cancel('nope')), 400, 'INVALID_ID');

    const cancelled = await teacher('POST', cancel(request.id));
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: request.id, status: 'cancelled', batchStudentId: learner.batchStudentId });
    // Again: already done.
    expect((await teacher('POST', cancel(request.id))).json()).toMatchObject({ status: 'cancelled' });
    const stored = await testApp.db.selectFrom('orders').select('status').where('id', '=', order.orderId).executeTakeFirstOrThrow();
    expect(stored.status).toBe('expired');
    expectError(await postWithKey(learner.call, `/v1/payments/payment-request/${request.id}/payments`), 409, 'PAYMENT_REQUEST_CLOSED');
    // Now the student can be asked again.
    const again = (await teacher('POST', ask, { batchStudentId: learner.batchStudentId, classPackPlanId: plan.id })).json() as TeacherPaymentRequest;

    // A paid request is final.
    const paying = (await postWithKey(learner.call, `/v1/payments/payment-request/${again.id}/payments`)).json() as CheckoutOrder;
    expect((await payOrder(testApp.app, learner.call, paying)).statusCode).toBe(200);
    expectError(await teacher('POST', cancel(again.id)), 409, 'PAYMENT_REQUEST_CLOSED');
    const lists = (await teacher('GET', '/v1/payments/teacher/payment-requests')).json() as TeacherPaymentRequests;
    expect(lists.cancelled.map((entry) => entry.id)).toContain(request.id);
    expect(lists.completed.map((entry) => entry.id)).toContain(again.id);
  });
});
