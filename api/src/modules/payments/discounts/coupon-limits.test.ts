import { randomBytes } from 'node:crypto';
import type { CheckoutOrder } from '@kalike/shared/contracts/payments';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { holdGatewayOrders, waitUntil, type HeldGateway } from '../../../testing/held-gateway';
import {
  batchesWithPlans,
  ledgerSums,
  newBatchStudent,
  PAYMENT_TEST_NOW,
  payOrder,
  postWithKey,
  type BatchStudentFixture,
} from '../../../testing/payment-fixtures';

describe("a coupon's use limit", () => {
  let testApp: TestApp;
  let batches: string[];
  let nextBatch = 0;
  let held: HeldGateway | null = null;

  const learnerInBatch = () => newBatchStudent(testApp.app, testApp.db, batches[nextBatch++ % batches.length] ?? '');
  const checkout = (learner: BatchStudentFixture, couponCode: string) =>
    postWithKey(learner.call, `/v1/payments/batch-student/${learner.batchStudentId}/class-pack/${learner.plans[0]?.id}`, { couponCode });

  async function newCoupon(maxUsesTotal: number): Promise<{ id: string; code: string }> {
    const code = `LIMIT${randomBytes(4).toString('hex').toUpperCase()}`;
    const row = await testApp.db
      .insertInto('coupons')
      .values({
        code,
        kind: 'flat',
        value: 50_000,
        valid_from: new Date(PAYMENT_TEST_NOW.getTime() - 86_400_000),
        valid_until: new Date(PAYMENT_TEST_NOW.getTime() + 30 * 86_400_000),
        max_uses_total: maxUsesTotal,
        max_uses_per_learner: null,
        min_amount_paise: 0,
        description: '₹500 off',
        active: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, code };
  }

  const ordersWithCoupon = (couponId: string) => testApp.db.selectFrom('orders').select(['id', 'status']).where('coupon_id', '=', couponId).execute();

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => PAYMENT_TEST_NOW, payments: { sandboxWebhookDelayMs: 0 } });
    batches = await batchesWithPlans(testApp.db, 2);
  });

  afterEach(() => {
    held?.restore();
    held = null;
  });

  afterAll(async () => {
    await testApp.close();
  });

  test('ten learners at once on a one-use coupon: exactly one discounted order', async () => {
    const coupon = await newCoupon(1);
    const learners: BatchStudentFixture[] = [];
    for (let i = 0; i < 10; i++) learners.push(await learnerInBatch());

    const answers = await Promise.all(learners.map((learner) => checkout(learner, coupon.code)));
    const discounted = answers.filter((answer) => answer.statusCode === 201);
    expect(discounted).toHaveLength(1);
    expect((discounted[0]?.json() as CheckoutOrder).price.couponDiscountPaise).toBe(50_000);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(refused.map((answer) => [answer.statusCode, answer.json().code])).toEqual(Array.from({ length: 9 }, () => [422, 'COUPON_INVALID']));
    expect(await ordersWithCoupon(coupon.id)).toHaveLength(1);
  });

  test('an order still being opened with the gateway holds the last use', async () => {
    const coupon = await newCoupon(1);
    const [first, second] = [await learnerInBatch(), await learnerInBatch()];
    held = holdGatewayOrders(testApp.app);
    const pending = checkout(first, coupon.code);
    await waitUntil(() => held?.calls === 1, 'the first checkout is at the gateway');
    const refused = await checkout(second, coupon.code);
    expect([refused.statusCode, refused.json().code]).toEqual([422, 'COUPON_INVALID']);
    held.release();
    expect((await pending).statusCode).toBe(201);
  });

  test('a payment whose coupon was used up while it waited (its limit lowered) pays nothing and is kept as credit', async () => {
    const coupon = await newCoupon(2);
    const [first, second] = [await learnerInBatch(), await learnerInBatch()];
    const firstOrder = (await checkout(first, coupon.code)).json() as CheckoutOrder;
    const secondOrder = (await checkout(second, coupon.code)).json() as CheckoutOrder;
    expect([firstOrder.price.couponDiscountPaise, secondOrder.price.couponDiscountPaise]).toEqual([50_000, 50_000]);
    expect((await payOrder(testApp.app, first.call, firstOrder)).statusCode).toBe(200);

    await testApp.db.updateTable('coupons').set({ max_uses_total: 1 }).where('id', '=', coupon.id).execute();
    const paid = await payOrder(testApp.app, second.call, secondOrder);
    expect([paid.statusCode, paid.json().code]).toEqual([409, 'COUPON_USED_UP']);

    const redemptions = await testApp.db.selectFrom('coupon_redemptions').select('order_id').where('coupon_id', '=', coupon.id).execute();
    expect(redemptions).toEqual([{ order_id: firstOrder.orderId }]);
    expect((await second.call('GET', `/v1/payments/orders/${secondOrder.orderId}`)).json().order.status).toBe('created');
    // Exactly the amount shown was taken, and it is all there as credit.
    expect(await ledgerSums(testApp.db, second.batchStudentId)).toEqual({ money: secondOrder.amountPaise, classes: 0, payments: secondOrder.amountPaise });
  });
});
