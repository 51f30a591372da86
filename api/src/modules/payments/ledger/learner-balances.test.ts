import type { CheckoutOrder, LearnerBalances } from '@kalike/shared/contracts/payments';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { batchesWithPlans, newBatchStudent, newSession, PAYMENT_TEST_NOW, payOrder, postWithKey } from '../../../testing/payment-fixtures';

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
});
