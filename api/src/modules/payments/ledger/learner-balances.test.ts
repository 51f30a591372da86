import type { CheckoutOrder, LearnerBalances } from '@kalike/shared/contracts/payments';
import { batchTeacherId } from '../../../testing/attendance-fixtures';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { batchesWithPlans, newBatchStudent, newFamilyInBatch, newSession, PAYMENT_TEST_NOW, payOrder, postWithKey } from '../../../testing/payment-fixtures';

describe('GET /v1/ledgers/learners/balances: what My Classes reads of each enrolment', () => {
  let testApp: TestApp;
  let batchId: string;

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => PAYMENT_TEST_NOW, payments: { sandboxWebhookDelayMs: 60_000 } });
    [batchId = ''] = await batchesWithPlans(testApp.db, 3);
  });

  afterAll(async () => {
    await testApp.close();
  });

  test("ties a payment to the pack it bought and a class to the class's own start, not when it was marked", async () => {
    const learner = await newBatchStudent(testApp.app, testApp.db, batchId);
    const bought = await postWithKey(learner.call, `/v1/payments/batch-student/${learner.batchStudentId}/class-pack/${learner.plans[0]?.id}`);
    expect(bought.statusCode).toBe(201);
    const order = bought.json() as CheckoutOrder;
    expect((await payOrder(testApp.app, learner.call, order)).statusCode).toBe(200);
    const sessionId = await newSession(testApp.db, batchId, '2025-05-27');
    await testApp.app.payments.ledger.consumeClass(learner.batchStudentId, sessionId);
    const session = await testApp.db.selectFrom('class_sessions').select('starts_at').where('id', '=', sessionId).executeTakeFirstOrThrow();

    const response = await learner.call('GET', '/v1/ledgers/learners/balances');
    expect(response.statusCode).toBe(200);
    const [enrolment] = (response.json() as LearnerBalances).balances;
    const entries = enrolment?.recentEntries ?? [];
    const byKind = (kind: string) => entries.find((entry) => entry.kind === kind);
    expect(byKind('payment')).toMatchObject({ orderId: order.orderId, refundId: null, classStartsAt: null, receipt: { orderId: order.orderId } });
    expect(byKind('class_pack_purchase')).toMatchObject({ orderId: order.orderId, classesDelta: learner.plans[0]?.classes, classStartsAt: null });
    const attended = byKind('class_consumed');
    expect(attended).toMatchObject({ orderId: null, classStartsAt: new Date(session.starts_at).toISOString() });
    // Marked on the API's day, which is not the class's.
    expect(attended?.at).toBe(PAYMENT_TEST_NOW.toISOString());
    expect(attended?.classStartsAt).not.toBe(attended?.at);
  });

  test("gives each child's card the teacher's requests still open for that child, and no one else's", async () => {
    const { learner, children } = await newFamilyInBatch(testApp.app, testApp.db, batchId);
    const [meera, kiran] = children;
    const teacherId = await batchTeacherId(testApp.db, batchId);
    const meeraStudent = await testApp.db
      .selectFrom('batch_students')
      .select('student_id')
      .where('id', '=', meera?.batchStudentId ?? '')
      .executeTakeFirstOrThrow();
    const request = (values: {
      description: string;
      due_on: string;
      batch_student_id?: string | null;
      student_id?: string | null;
      status?: 'open' | 'cancelled';
      learner_phone?: string;
    }) =>
      testApp.db
        .insertInto('payment_requests')
        .values({
          batch_id: batchId,
          teacher_id: teacherId,
          learner_name: 'Lakshmi Parent',
          learner_phone: learner.phone,
          student_name: 'Meera',
          amount_paise: 306_000,
          status: 'open',
          ...values,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const later = await request({ description: 'December classes', due_on: '2025-06-20', batch_student_id: meera?.batchStudentId });
    // Asked of Meera before she had her place: it is hers all the same.
    const sooner = await request({ description: 'Books and fees', due_on: '2025-06-10', student_id: meeraStudent.student_id });
    await request({ description: 'Withdrawn', due_on: '2025-06-05', batch_student_id: meera?.batchStudentId, status: 'cancelled' });
    await request({ description: 'Another family', due_on: '2025-06-05', batch_student_id: meera?.batchStudentId, learner_phone: '+919700000001' });

    const response = await learner.call('GET', '/v1/ledgers/learners/balances');
    expect(response.statusCode).toBe(200);
    const cards = (response.json() as LearnerBalances).balances;
    const openOf = (batchStudentId: string | undefined) =>
      cards.find((card) => card.batchStudent.id === batchStudentId)?.openRequests.map((open) => [open.id, open.description, open.amountPaise, open.dueOn]);
    expect(openOf(meera?.batchStudentId)).toEqual([
      [sooner.id, 'Books and fees', 306_000, '2025-06-10'],
      [later.id, 'December classes', 306_000, '2025-06-20'],
    ]);
    expect(openOf(kiran?.batchStudentId)).toEqual([]);
  });
});
