import type { CheckoutOrder } from '@kalike/shared/contracts/payments';
import type { EndedBatch, RemovedStudent } from '@kalike/shared/contracts/refunds';
import { selectBatchesWithTeacher } from '../../../shared/batch-context';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { caller } from '../../../testing/enquiry-fixtures';
import { expectError } from '../../../testing/enquiry-parties';
import {
  batchesWithPlans,
  key,
  ledgerSums,
  newBatchStudent,
  newSession,
  PAYMENT_TEST_NOW,
  payOrder,
  postWithKey,
  type BatchStudentFixture,
  type Call,
} from '../../../testing/payment-fixtures';
import { signIn } from '../../../testing/sign-in';
import { noticesTo } from '../../../testing/notices';

describe('a teacher removes a student from a batch', () => {
  let testApp: TestApp;
  let batchId = '';
  let teacher: Call;
  let otherTeacher: Call;

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => PAYMENT_TEST_NOW, payments: { sandboxWebhookDelayMs: 60_000 } });
    [batchId = ''] = await batchesWithPlans(testApp.db, 3);
    const own = await selectBatchesWithTeacher(testApp.db).select(['t.id', 't.phone']).where('b.id', '=', batchId).executeTakeFirstOrThrow();
    const other = await selectBatchesWithTeacher(testApp.db).select(['t.phone']).where('t.id', '!=', own.id).executeTakeFirstOrThrow();
    teacher = caller(testApp.app, (await signIn(testApp.app, own.phone, '10.6.0.1')).tokens.accessToken);
    otherTeacher = caller(testApp.app, (await signIn(testApp.app, other.phone, '10.6.0.2')).tokens.accessToken);
  });

  afterAll(async () => {
    await testApp.close();
  });

  async function familyWithPack(): Promise<{ learner: BatchStudentFixture; paid: number }> {
    const learner = await newBatchStudent(testApp.app, testApp.db, batchId);
    const checkout = await postWithKey(learner.call, `/v1/payments/batch-student/${learner.batchStudentId}/class-pack/${learner.plans[0]?.id}`, {});
    const order = checkout.json() as CheckoutOrder;
    expect((await payOrder(testApp.app, learner.call, order)).statusCode).toBe(200);
    return { learner, paid: order.price.totalPaise };
  }

  const seatsTaken = async () => (await testApp.db.selectFrom('batches').select('seats_taken').where('id', '=', batchId).executeTakeFirstOrThrow()).seats_taken;

  test('the family gets every unused class back in full to the payment method, is told, and the seat goes back; only once', async () => {
    const { learner, paid } = await familyWithPack();
    const { learner: other } = await familyWithPack();
    await testApp.app.payments.ledger.consumeClass(learner.batchStudentId, await newSession(testApp.db, batchId, '2025-06-02'));
    const classes = learner.plans[0]?.classes ?? 0;
    const seats = await seatsTaken();

    expectError(await otherTeacher('POST', `/v1/payments/teacher/batch-students/${learner.batchStudentId}/remove`), 404, 'BATCH_STUDENT_NOT_FOUND');
    expectError(await learner.call('POST', `/v1/payments/teacher/batch-students/${learner.batchStudentId}/remove`), 403, 'FORBIDDEN');

    const response = await teacher('POST', `/v1/payments/teacher/batch-students/${learner.batchStudentId}/remove`);
    expect(response.statusCode).toBe(200);
    const removed = response.json() as RemovedStudent;
    const expected = Math.floor((paid * (classes - 1)) / classes);
    expect(removed.refundedPaise).toBe(expected);
    expect(removed.refunds).toEqual([
      expect.objectContaining({ method: 'original', status: 'succeeded', reasonKind: 'teacher_ended', amountPaise: expected, classes: classes - 1 }),
    ]);
    // The family: the class taken is paid for, nothing else held or owed; the money went back.
    expect(await ledgerSums(testApp.db, learner.batchStudentId)).toEqual({ money: 0, classes: 0, payments: paid });
    const place = await testApp.db.selectFrom('batch_students').select('status').where('id', '=', learner.batchStudentId).executeTakeFirstOrThrow();
    expect(place.status).toBe('left');
    expect(await seatsTaken()).toBe(seats - 1);
    const texts = await testApp.db.selectFrom('message_outbox').select(['kind', 'body']).where('to_phone', '=', learner.phone).execute();
    expect(texts.map((text) => text.kind)).toEqual(expect.arrayContaining(['refund.teacher_ended']));
    expect((await noticesTo(testApp.db, learner.phone, 'refund.booked')).map((notice) => notice.params.amountPaise)).toEqual([removed.refunds[0]?.amountPaise]);

    // Again: the same refunds, nothing more.
    const again = (await (await teacher('POST', `/v1/payments/teacher/batch-students/${learner.batchStudentId}/remove`)).json()) as RemovedStudent;
    expect(again.refunds.map((refund) => refund.id)).toEqual(removed.refunds.map((refund) => refund.id));
    expect(await testApp.db.selectFrom('refunds').select('id').where('batch_student_id', '=', learner.batchStudentId).execute()).toHaveLength(1);
    expect(await seatsTaken()).toBe(seats - 1);
    // The other family in the batch keeps its pack.
    expect(await ledgerSums(testApp.db, other.batchStudentId)).toMatchObject({ classes });
  });

  test('once a student is removed, no way of asking sells their place another pack: the teacher is refused, and a request sent before cannot be paid', async () => {
    const { learner } = await familyWithPack();
    const plan = learner.plans[1];
    // Sent while the student was still in the batch (a pack may wait behind the one in use).
    const before = await teacher('POST', '/v1/class/batch-student-payment-request', { batchStudentId: learner.batchStudentId, classPackPlanId: plan?.id });
    expect(before.statusCode).toBe(201);
    expect((await teacher('POST', `/v1/payments/teacher/batch-students/${learner.batchStudentId}/remove`)).statusCode).toBe(200);
    const held = await ledgerSums(testApp.db, learner.batchStudentId);

    expectError(
      await teacher('POST', '/v1/class/batch-student-payment-request', { batchStudentId: learner.batchStudentId, classPackPlanId: plan?.id }),
      409,
      'INVALID_TRANSITION',
    );
    expectError(await postWithKey(learner.call, `/v1/payments/payment-request/${before.json().id}/payments`), 409, 'INVALID_TRANSITION');
    expectError(await postWithKey(learner.call, `/v1/payments/batch-student/${learner.batchStudentId}/class-pack/${plan?.id}`), 409, 'INVALID_TRANSITION');
    // Nothing was sold or charged: the family holds what it held after the removal.
    expect(await ledgerSums(testApp.db, learner.batchStudentId)).toEqual(held);
    expect(
      await testApp.db
        .selectFrom('batch_student_plans')
        .select('id')
        .where('batch_student_id', '=', learner.batchStudentId)
        .where('status', '=', 'active')
        .execute(),
    ).toEqual([]);
  });

  test('a removed student whose pack had lapsed cannot change plan: no order for classes that will never happen', async () => {
    const { learner } = await familyWithPack();
    // The pack lapsed with classes in it: nothing of it is refunded on removal, and it stays as it was.
    await testApp.db
      .updateTable('batch_student_plans')
      .set({ valid_from: '2025-04-01', valid_until: '2025-04-30' })
      .where('batch_student_id', '=', learner.batchStudentId)
      .execute();
    expect((await teacher('POST', `/v1/payments/teacher/batch-students/${learner.batchStudentId}/remove`)).statusCode).toBe(200);
    const held = await ledgerSums(testApp.db, learner.batchStudentId);
    const orders = async () => (await testApp.db.selectFrom('orders').select('id').where('learner_account_id', '=', learner.accountId).execute()).length;
    const before = await orders();

    expectError(
      await learner.call(
        'PUT',
        `/v1/class/change-plan/batch-student/${learner.batchStudentId}`,
        { batchStudentClasspackPlanID: learner.plans[1]?.id },
        { 'idempotency-key': key() },
      ),
      409,
      'INVALID_TRANSITION',
    );
    expect(await orders()).toBe(before);
    expect(await ledgerSums(testApp.db, learner.batchStudentId)).toEqual(held);
  });

  test('ending a batch removes every student still in it, each family refunded; ending again refunds nothing twice', async () => {
    const [, secondBatch = ''] = await batchesWithPlans(testApp.db, 3);
    const ownsSecond = await selectBatchesWithTeacher(testApp.db).select('t.phone').where('b.id', '=', secondBatch).executeTakeFirstOrThrow();
    const owner = caller(testApp.app, (await signIn(testApp.app, ownsSecond.phone, '10.6.0.3')).tokens.accessToken);
    batchId = secondBatch;
    const first = await familyWithPack();
    const second = await familyWithPack();
    const current = await testApp.db
      .selectFrom('batch_students')
      .select('id')
      .where('batch_id', '=', secondBatch)
      .where('status', 'in', ['held', 'enrolled', 'active'])
      .execute();
    expectError(await first.learner.call('POST', `/v1/payments/teacher/batches/${secondBatch}/end`), 403, 'FORBIDDEN');

    const response = await owner('POST', `/v1/payments/teacher/batches/${secondBatch}/end`);
    expect(response.statusCode).toBe(200);
    const ended = response.json() as EndedBatch;
    expect(ended.refundedPaise).toBe(first.paid + second.paid);
    expect(ended.removed.map((entry) => entry.batchStudentId).sort()).toEqual(current.map((row) => row.id).sort());
    for (const { learner, paid } of [first, second]) {
      const entry = ended.removed.find((removed) => removed.batchStudentId === learner.batchStudentId);
      expect(entry?.refunds).toEqual([expect.objectContaining({ amountPaise: paid, status: 'succeeded', reasonKind: 'teacher_ended' })]);
      expect(await ledgerSums(testApp.db, learner.batchStudentId)).toEqual({ money: 0, classes: 0, payments: paid });
    }
    const again = (await (await owner('POST', `/v1/payments/teacher/batches/${secondBatch}/end`)).json()) as EndedBatch;
    expect(again.removed).toEqual([]);
    expect(
      await testApp.db
        .selectFrom('refunds')
        .select('id')
        .where('batch_student_id', 'in', [first.learner.batchStudentId, second.learner.batchStudentId])
        .execute(),
    ).toHaveLength(2);
  });
});
