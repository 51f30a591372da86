import type { CheckoutOrder } from '@kalike/shared/contracts/payments';
import { DomainError } from '../../../shared/domain-error';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { holdGatewayOrders, waitUntil, type HeldGateway } from '../../../testing/held-gateway';
import { batchesWithPlans, key, newBatchStudent, PAYMENT_TEST_NOW, payOrder, postWithKey, type BatchStudentFixture } from '../../../testing/payment-fixtures';
import { CREATING_ORDER_STALE_MS } from './order-rules';

function expectError(response: { statusCode: number; json(): unknown }, statusCode: number, code: string): void {
  expect({ statusCode: response.statusCode, body: response.json() }).toEqual({ statusCode, body: { statusCode, code, message: expect.any(String) } });
}

describe('checkout opens the gateway order outside any database transaction', () => {
  let testApp: TestApp;
  let clock = PAYMENT_TEST_NOW;
  let batches: string[];
  let nextBatch = 0;
  let held: HeldGateway | null = null;

  const learnerInBatch = () => newBatchStudent(testApp.app, testApp.db, batches[nextBatch++ % batches.length] ?? '');
  const packUrl = (learner: BatchStudentFixture) => `/v1/payments/batch-student/${learner.batchStudentId}/class-pack/${learner.plans[0]?.id}`;
  const ordersOf = (learner: BatchStudentFixture) =>
    testApp.db.selectFrom('orders').select(['id', 'status', 'idempotency_key']).where('learner_account_id', '=', learner.accountId).execute();

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => clock, payments: { sandboxWebhookDelayMs: 0 } });
    batches = await batchesWithPlans(testApp.db, 2);
  });

  afterEach(() => {
    held?.restore();
    held = null;
    clock = PAYMENT_TEST_NOW;
  });

  afterAll(async () => {
    await testApp.close();
  });

  test('parallel checkouts of one learner do not queue behind a slow gateway, other calls still answer, and a replay is 409 CHECKOUT_IN_PROGRESS', async () => {
    const learner = await learnerInBatch();
    held = holdGatewayOrders(testApp.app);
    const keys = Array.from({ length: 6 }, () => key());
    const checkouts = keys.map((idempotencyKey) => postWithKey(learner.call, packUrl(learner), {}, idempotencyKey));

    // Each checkout's transaction is over before its gateway call, so none waits behind another's
    // call: all six orders are written while the gateway holds the first. (A checkout whose order
    // a newer one replaced before its call does not call the gateway at all.)
    await waitUntil(async () => (held?.calls ?? 0) >= 1 && (await ordersOf(learner)).length === keys.length, 'every checkout has written its order', 15_000);
    const started = Date.now();
    const classPage = await learner.call('GET', `/v1/class/batchStudent/${learner.batchStudentId}/classpack`);
    expect(classPage.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000);

    // The newest checkout's order is the one still being created; the earlier ones it replaced read as expired.
    const orders = await ordersOf(learner);
    expect(orders.map((order) => order.status).sort()).toEqual(['creating', 'expired', 'expired', 'expired', 'expired', 'expired']);
    const creatingKey = orders.find((order) => order.status === 'creating')?.idempotency_key;
    const replaced = await postWithKey(learner.call, packUrl(learner), {}, orders.find((order) => order.status === 'expired')?.idempotency_key);
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ status: 'expired', checkoutUrl: null });
    // Its stand-in id is no gateway order: a (signed) payment for it books nothing.
    const creating = orders.find((order) => order.status === 'creating');
    const raw = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_sbx_NotOpenedYet1', order_id: `creating_${creating?.id}`, amount: 560_000, status: 'captured' } } },
    });
    const hook = await testApp.app.inject({
      method: 'POST',
      url: '/v1/payments/webhooks/sandbox',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': testApp.app.payments.sandbox?.signWebhook(raw) ?? '' },
      payload: raw,
    });
    expect(hook.statusCode).toBe(200);
    expect(
      await testApp.db
        .selectFrom('payments')
        .select('id')
        .where('order_id', '=', creating?.id ?? '')
        .execute(),
    ).toEqual([]);
    const replay = await postWithKey(learner.call, packUrl(learner), {}, creatingKey);
    expectError(replay, 409, 'CHECKOUT_IN_PROGRESS');
    expect(replay.headers['retry-after']).toBe('1');

    held.release();
    const answers = await Promise.all(checkouts);
    expect(answers.map((answer) => answer.statusCode)).toEqual(keys.map(() => 201));
    // Each newer checkout replaced the earlier ones: exactly one order can be paid.
    const statuses = answers.map((answer) => (answer.json() as CheckoutOrder).status).sort();
    expect(statuses).toEqual(['created', 'expired', 'expired', 'expired', 'expired', 'expired']);
    const open = answers.map((answer) => answer.json() as CheckoutOrder).find((order) => order.status === 'created');
    expect(open?.gatewayOrderId).toMatch(/^order_sbx_/);

    expect(answers[keys.indexOf(creatingKey ?? '')]?.json()).toEqual(open);
    const again = await postWithKey(learner.call, packUrl(learner), {}, creatingKey);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(open);
    expect((await payOrder(testApp.app, learner.call, open ?? { gatewayOrderId: '' })).json().order.status).toBe('paid');
  });

  test('a gateway failure keeps nothing, so the same key makes the order when sent again', async () => {
    const learner = await learnerInBatch();
    held = holdGatewayOrders(testApp.app);
    held.failNext(new DomainError('GATEWAY_UNAVAILABLE', 'The gateway could not be reached; try again', 502));
    held.release();
    const idempotencyKey = key();
    expectError(await postWithKey(learner.call, packUrl(learner), {}, idempotencyKey), 502, 'GATEWAY_UNAVAILABLE');
    expect(await ordersOf(learner)).toEqual([]);
    expect(await testApp.db.selectFrom('batch_student_plans').select('id').where('batch_student_id', '=', learner.batchStudentId).execute()).toEqual([]);

    const retried = await postWithKey(learner.call, packUrl(learner), {}, idempotencyKey);
    expect(retried.statusCode).toBe(201);
    expect(retried.json()).toMatchObject({ status: 'created', gatewayOrderId: expect.stringMatching(/^order_sbx_/) });
  });

  test('an order left being created (the process stopped between the steps) is expired by the sweep, with its pack', async () => {
    const learner = await learnerInBatch();
    held = holdGatewayOrders(testApp.app);
    const idempotencyKey = key();
    const checkout = postWithKey(learner.call, packUrl(learner), {}, idempotencyKey);
    await waitUntil(() => held?.calls === 1, 'the checkout is at the gateway');

    expect(await testApp.app.payments.orders.expireLapsed(clock, learner.accountId)).toBe(0);
    clock = new Date(PAYMENT_TEST_NOW.getTime() + CREATING_ORDER_STALE_MS + 1_000);
    expect(await testApp.app.payments.orders.expireLapsed(clock, learner.accountId)).toBe(1);
    const [order] = await ordersOf(learner);
    expect(order?.status).toBe('expired');
    const packs = await testApp.db.selectFrom('batch_student_plans').select('status').where('batch_student_id', '=', learner.batchStudentId).execute();
    expect(packs).toEqual([{ status: 'expired' }]);

    // A replay now reads the expired order; the gateway answering late does not revive it.
    const replay = await postWithKey(learner.call, packUrl(learner), {}, idempotencyKey);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().status).toBe('expired');
    held.release();
    const late = await checkout;
    expect(late.statusCode).toBe(201);
    expect(late.json().status).toBe('expired');
    expect((await ordersOf(learner)).map((row) => row.status)).toEqual(['expired']);
  });
});
