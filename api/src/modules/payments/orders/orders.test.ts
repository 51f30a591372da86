import { randomBytes } from 'node:crypto';
import type { CheckoutOrder, OrderStatusResponse } from '@kalike/shared/contracts/payments';
import { wellKnownTeacher } from '../../../db/seed/accounts';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { caller } from '../../../testing/enquiry-fixtures';
import {
  batchesWithPlans,
  ledgerSums,
  newBatchStudent,
  newLearner,
  PAYMENT_TEST_NOW,
  paymentId,
  payOrder,
  postWithKey,
  signInAgain,
  type BatchStudentFixture,
  type Call,
} from '../../../testing/payment-fixtures';
import { signIn } from '../../../testing/sign-in';

function expectError(response: { statusCode: number; json(): unknown }, statusCode: number, code: string): void {
  expect({ statusCode: response.statusCode, body: response.json() }).toEqual({ statusCode, body: { statusCode, code, message: expect.any(String) } });
}

describe('orders: verify, webhooks and the sandbox checkout', () => {
  let testApp: TestApp;
  let clock = PAYMENT_TEST_NOW;
  let batches: string[];
  let teacher: Call;
  let nextBatch = 0;

  const sandbox = () => {
    const gateway = testApp.app.payments.sandbox;
    if (!gateway) throw new Error('sandbox expected');
    return gateway;
  };

  async function orderFor(fixture?: BatchStudentFixture): Promise<{ learner: BatchStudentFixture; order: CheckoutOrder }> {
    const learner = fixture ?? (await newBatchStudent(testApp.app, testApp.db, batches[nextBatch++ % batches.length] ?? ''));
    const response = await postWithKey(learner.call, `/v1/payments/batch-student/${learner.batchStudentId}/class-pack/${learner.plans[0]?.id}`, {});
    expect(response.statusCode).toBe(201);
    return { learner, order: response.json() as CheckoutOrder };
  }

  function webhookBody(event: string, order: CheckoutOrder, gatewayPaymentId: string, extra: object = {}) {
    return {
      entity: 'event',
      event,
      contains: ['payment'],
      payload: {
        payment: {
          entity: {
            id: gatewayPaymentId,
            entity: 'payment',
            order_id: order.gatewayOrderId,
            amount: order.amountPaise,
            currency: 'INR',
            status: event === 'payment.failed' ? 'failed' : 'captured',
            method: 'upi',
            ...extra,
          },
        },
      },
    };
  }

  function sendWebhook(raw: string, options: { eventId?: string; signature?: string } = {}) {
    return testApp.app.inject({
      method: 'POST',
      url: '/v1/payments/webhooks/sandbox',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': options.signature ?? sandbox().signWebhook(raw),
        'x-razorpay-event-id': options.eventId ?? `evt_${randomBytes(7).toString('hex')}`,
      },
      payload: raw,
    });
  }

  async function counts(learner: BatchStudentFixture) {
    const payments = await testApp.db
      .selectFrom('payments as p')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .select('p.id')
      .where('o.learner_account_id', '=', learner.accountId)
      .execute();
    const entries = await testApp.db
      .selectFrom('ledger_entries')
      .select('kind')
      .where('batch_student_id', '=', learner.batchStudentId)
      .orderBy('seq')
      .execute();
    return { payments: payments.length, kinds: entries.map((entry) => entry.kind) };
  }

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => clock, payments: { sandboxWebhookDelayMs: 0 } });
    batches = await batchesWithPlans(testApp.db, 2);
    teacher = caller(testApp.app, (await signIn(testApp.app, wellKnownTeacher.phone, '10.7.0.1')).tokens.accessToken);
  });

  afterEach(() => {
    clock = PAYMENT_TEST_NOW;
  });

  afterAll(async () => {
    await testApp.close();
  });

  describe('verify', () => {
    test('records the payment, the receipt and the ledger in one go; a replay answers the same receipt and books nothing twice', async () => {
      const { learner, order } = await orderFor();
      const gatewayPaymentId = paymentId();
      const first = await payOrder(testApp.app, learner.call, order, gatewayPaymentId);
      expect(first.statusCode).toBe(200);
      const body = first.json() as OrderStatusResponse;
      expect(body).toMatchObject({
        order: { orderId: order.orderId, status: 'paid' },
        lastOutcome: 'success',
        failureReason: null,
        receipt: {
          receiptNumber: expect.stringMatching(/^KLK\/2025-26\/\d{6}$/),
          orderId: order.orderId,
          paymentId: gatewayPaymentId,
          paidAt: PAYMENT_TEST_NOW.toISOString(),
          purpose: 'class_pack',
          payerName: 'Test Parent',
          teacherName: expect.any(String),
          price: order.price,
          batchStudentId: learner.batchStudentId,
          classPack: { status: 'active', classesLeft: learner.plans[0]?.classes, validFrom: '2025-06-02' },
        },
      });
      const replay = await payOrder(testApp.app, learner.call, order, gatewayPaymentId);
      expect(replay.statusCode).toBe(200);
      expect((replay.json() as OrderStatusResponse).receipt).toEqual(body.receipt);
      expect(await counts(learner)).toEqual({ payments: 1, kinds: ['payment', 'class_pack_purchase'] });
      expect(await ledgerSums(testApp.db, learner.batchStudentId)).toEqual({ money: 0, classes: learner.plans[0]?.classes, payments: order.amountPaise });
      // The owner reads the same thing later; nobody else can.
      expect((await learner.call('GET', `/v1/payments/orders/${order.orderId}`)).json()).toEqual(body);
      const other = await newLearner(testApp.app);
      expectError(await other.call('GET', `/v1/payments/orders/${order.orderId}`), 404, 'ORDER_NOT_FOUND');
      expectError(await teacher('GET', `/v1/payments/orders/${order.orderId}`), 403, 'FORBIDDEN');
      expectError(await payOrder(testApp.app, other.call, order, gatewayPaymentId), 404, 'ORDER_NOT_FOUND');
    });

    test("a tampered signature, or another order's, is refused and nothing is credited", async () => {
      const { learner, order } = await orderFor();
      const { order: otherOrder } = await orderFor();
      const gatewayPaymentId = paymentId();
      const good = sandbox().signPayment(order.gatewayOrderId, gatewayPaymentId);
      const tampered = `${good.slice(0, -1)}${good.endsWith('0') ? '1' : '0'}`;
      const verify = (signature: string, payment = gatewayPaymentId) =>
        learner.call('POST', '/v1/payments/verify', { razorpay_order_id: order.gatewayOrderId, razorpay_payment_id: payment, razorpay_signature: signature });
      expectError(await verify(tampered), 400, 'SIGNATURE_INVALID');
      expectError(await verify(sandbox().signPayment(otherOrder.gatewayOrderId, gatewayPaymentId)), 400, 'SIGNATURE_INVALID');
      expectError(await verify(good, paymentId()), 400, 'SIGNATURE_INVALID');
      expectError(await verify('not-hex'), 400, 'SIGNATURE_INVALID');
      expect(await counts(learner)).toEqual({ payments: 0, kinds: [] });
    });

    test('an unknown order is 404', async () => {
      const learner = await newLearner(testApp.app);
      expectError(await payOrder(testApp.app, learner.call, { gatewayOrderId: 'order_sbx_AAAAAAAAAAAAAA' }), 404, 'ORDER_NOT_FOUND');
    });

    test('an expired order is 409 ORDER_EXPIRED: no pack, the money kept as credit', async () => {
      const { learner, order } = await orderFor();
      clock = new Date(PAYMENT_TEST_NOW.getTime() + 36 * 60_000);
      const call = await signInAgain(testApp.app, learner);
      expect((await call('GET', `/v1/payments/orders/${order.orderId}`)).json().order.status).toBe('expired');
      expectError(await payOrder(testApp.app, call, order), 409, 'ORDER_EXPIRED');
      expect(await counts(learner)).toEqual({ payments: 1, kinds: ['payment'] });
      expect(await ledgerSums(testApp.db, learner.batchStudentId)).toMatchObject({ money: order.amountPaise, classes: 0 });
      const pack = await testApp.db
        .selectFrom('batch_student_plans')
        .select('status')
        .where('batch_student_id', '=', learner.batchStudentId)
        .executeTakeFirstOrThrow();
      expect(pack.status).toBe('expired');
      const settlement = (await call('GET', `/v1/class/class-pack/batch-student/${learner.batchStudentId}/settlement`)).json();
      expect(settlement).toMatchObject({ owedPaise: 0, creditPaise: order.amountPaise });
    });

    test('an order left for a newer one reads as ended early; one whose window passed does not', async () => {
      const { learner, order } = await orderFor();
      const read = async (call: Call, id: string) => ((await call('GET', `/v1/payments/orders/${id}`)).json() as OrderStatusResponse).order;
      expect(await read(learner.call, order.orderId)).toMatchObject({ status: 'created', expiredEarly: false });
      // Back from the gateway and Pay again: a new attempt replaces the order the family left.
      const { order: newer } = await orderFor(learner);
      expect(await read(learner.call, order.orderId)).toMatchObject({ status: 'expired', expiredEarly: true });
      clock = new Date(PAYMENT_TEST_NOW.getTime() + 36 * 60_000);
      const call = await signInAgain(testApp.app, learner);
      expect(await read(call, newer.orderId)).toMatchObject({ status: 'expired', expiredEarly: false });
      await testApp.app.payments.orders.expireLapsed(clock, learner.accountId);
      expect(await read(call, newer.orderId)).toMatchObject({ status: 'expired', expiredEarly: false });
      expect(await read(call, order.orderId)).toMatchObject({ status: 'expired', expiredEarly: true });
    });

    test('a payment at the deadline is still honoured within the grace', async () => {
      const { learner, order } = await orderFor();
      clock = new Date(PAYMENT_TEST_NOW.getTime() + 32 * 60_000);
      expect((await payOrder(testApp.app, await signInAgain(testApp.app, learner), order)).statusCode).toBe(200);
    });
  });

  describe('webhooks', () => {
    test('a captured webhook before verify credits once; verify then answers the same receipt', async () => {
      const { learner, order } = await orderFor();
      const gatewayPaymentId = paymentId();
      const hook = await sendWebhook(JSON.stringify(webhookBody('payment.captured', order, gatewayPaymentId)));
      expect(hook.statusCode).toBe(200);
      expect(hook.json()).toEqual({ processed: true, event: 'payment.captured' });
      const paid = (await learner.call('GET', `/v1/payments/orders/${order.orderId}`)).json() as OrderStatusResponse;
      expect(paid.order.status).toBe('paid');
      const verified = await payOrder(testApp.app, learner.call, order, gatewayPaymentId);
      expect(verified.statusCode).toBe(200);
      expect((verified.json() as OrderStatusResponse).receipt).toEqual(paid.receipt);
      expect(await counts(learner)).toEqual({ payments: 1, kinds: ['payment', 'class_pack_purchase'] });
    });

    test('a captured webhook after verify is a no-op; the same event id twice is handled once', async () => {
      const { learner, order } = await orderFor();
      const gatewayPaymentId = paymentId();
      expect((await payOrder(testApp.app, learner.call, order, gatewayPaymentId)).statusCode).toBe(200);
      const raw = JSON.stringify(webhookBody('payment.captured', order, gatewayPaymentId));
      expect((await sendWebhook(raw, { eventId: 'evt_dup_0001' })).json()).toEqual({ processed: true, event: 'payment.captured' });
      expect((await sendWebhook(raw, { eventId: 'evt_dup_0001' })).json()).toEqual({ processed: false, event: 'payment.captured' });
      expect(await counts(learner)).toEqual({ payments: 1, kinds: ['payment', 'class_pack_purchase'] });
      const events = await testApp.db.selectFrom('webhook_events').select('event_id').where('event_id', '=', 'evt_dup_0001').execute();
      expect(events).toHaveLength(1);
    });

    test('a bad signature is 400; a re-serialised body (other whitespace) fails against the original signature', async () => {
      const { learner, order } = await orderFor();
      const raw = JSON.stringify(webhookBody('payment.captured', order, paymentId()), null, 2);
      expectError(await sendWebhook(raw, { signature: '00'.repeat(32) }), 400, 'WEBHOOK_SIGNATURE_INVALID');
      const reserialised = JSON.stringify(JSON.parse(raw));
      expectError(await sendWebhook(reserialised, { signature: sandbox().signWebhook(raw) }), 400, 'WEBHOOK_SIGNATURE_INVALID');
      const unsigned = await testApp.app.inject({
        method: 'POST',
        url: '/v1/payments/webhooks/sandbox',
        headers: { 'content-type': 'application/json' },
        payload: raw,
      });
      expectError(unsigned, 400, 'WEBHOOK_SIGNATURE_INVALID');
      expectError(
        await testApp.app.inject({ method: 'POST', url: '/v1/payments/webhooks/razorpay', headers: { 'content-type': 'application/json' }, payload: raw }),
        404,
        'NOT_FOUND',
      );
      expect(await counts(learner)).toEqual({ payments: 0, kinds: [] });
      // The original bytes with their signature are accepted.
      expect((await sendWebhook(raw)).statusCode).toBe(200);
      expect(await counts(learner)).toEqual({ payments: 1, kinds: ['payment', 'class_pack_purchase'] });
    });

    test('payment.failed records the failure on the order and credits nothing', async () => {
      const { learner, order } = await orderFor();
      const raw = JSON.stringify(webhookBody('payment.failed', order, paymentId(), { error_description: 'Card declined by the bank' }));
      expect((await sendWebhook(raw)).json()).toEqual({ processed: true, event: 'payment.failed' });
      const status = (await learner.call('GET', `/v1/payments/orders/${order.orderId}`)).json() as OrderStatusResponse;
      expect(status).toMatchObject({ order: { status: 'attempted' }, lastOutcome: 'failure', failureReason: 'Card declined by the bank', receipt: null });
      expect(await counts(learner)).toEqual({ payments: 0, kinds: [] });
    });

    test("a captured amount other than the order's is kept as credit, not a pack", async () => {
      const { learner, order } = await orderFor();
      const raw = JSON.stringify(webhookBody('payment.captured', order, paymentId(), { amount: order.amountPaise - 100 }));
      expect((await sendWebhook(raw)).statusCode).toBe(200);
      expect(await counts(learner)).toEqual({ payments: 1, kinds: ['payment'] });
      expect((await learner.call('GET', `/v1/payments/orders/${order.orderId}`)).json().order.status).toBe('created');
    });

    test('verify of a payment captured for another amount is 409 PAYMENT_AMOUNT_MISMATCH, not "already paid"', async () => {
      const { learner, order } = await orderFor();
      const gatewayPaymentId = paymentId();
      const raw = JSON.stringify(webhookBody('payment.captured', order, gatewayPaymentId, { amount: order.amountPaise + 100 }));
      expect((await sendWebhook(raw)).statusCode).toBe(200);
      expectError(await payOrder(testApp.app, learner.call, order, gatewayPaymentId), 409, 'PAYMENT_AMOUNT_MISMATCH');
      expect((await learner.call('GET', `/v1/payments/orders/${order.orderId}`)).json().order.status).toBe('created');
      expect(await counts(learner)).toEqual({ payments: 1, kinds: ['payment'] });
    });
  });

  describe('the sandbox checkout', () => {
    test('renders a self-contained page with the amount, the description and three buttons', async () => {
      const { order } = await orderFor();
      const response = await testApp.app.inject({
        method: 'GET',
        url: `${order.checkoutUrl}?returnUrl=${encodeURIComponent('/payments/pay?batchStudentID=x')}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
      const html = response.body;
      expect(html).toContain(order.description.replace(/'/g, '&#39;'));
      expect(html).toContain(`₹${(order.amountPaise / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })}`);
      for (const outcome of ['success', 'failure', 'abandoned']) expect(html).toContain(`value="${outcome}"`);
      expect(html).not.toMatch(/<script|https?:\/\//);
      // Without a return URL the checkout comes back to the home page.
      const bare = await testApp.app.inject({ method: 'GET', url: order.checkoutUrl ?? '' });
      expect(bare.statusCode).toBe(200);
      expect(bare.body).toContain('returnUrl=%2F"');
    });

    test.each(['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'payments/pay'])('refuses the return URL %s', async (returnUrl) => {
      const { order } = await orderFor();
      const response = await testApp.app.inject({ method: 'GET', url: `${order.checkoutUrl}?returnUrl=${encodeURIComponent(returnUrl)}` });
      expectError(response, 400, 'VALIDATION_ERROR');
    });

    test('Pay redirects with a signature verify accepts; its webhook then changes nothing', async () => {
      const { learner, order } = await orderFor();
      const response = await testApp.app.inject({
        method: 'POST',
        url: `${order.checkoutUrl}/outcome?returnUrl=${encodeURIComponent('/payments/payment-success?batchStudentID=abc')}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'outcome=success',
      });
      expect(response.statusCode).toBe(303);
      const location = new URL(response.headers.location as string, 'http://localhost');
      expect(location.pathname).toBe('/payments/payment-success');
      expect(location.searchParams.get('batchStudentID')).toBe('abc');
      expect(location.searchParams.get('razorpay_order_id')).toBe(order.gatewayOrderId);
      const body = {
        razorpay_order_id: location.searchParams.get('razorpay_order_id'),
        razorpay_payment_id: location.searchParams.get('razorpay_payment_id'),
        razorpay_signature: location.searchParams.get('razorpay_signature'),
      };
      expect(body.razorpay_payment_id).toMatch(/^pay_sbx_[A-Za-z0-9]{14}$/);
      const verified = await learner.call('POST', '/v1/payments/verify', body);
      expect(verified.statusCode).toBe(200);
      await testApp.app.payments.sandboxWebhooks?.idle();
      expect(await counts(learner)).toEqual({ payments: 1, kinds: ['payment', 'class_pack_purchase'] });
      // Pressing Pay again on a paid order hands back the same payment.
      const again = await testApp.app.inject({ method: 'POST', url: `${order.checkoutUrl}/outcome?returnUrl=%2Fdone`, payload: { outcome: 'success' } });
      expect(again.statusCode).toBe(303);
      expect(new URL(again.headers.location as string, 'http://localhost').searchParams.get('razorpay_payment_id')).toBe(body.razorpay_payment_id);
    });

    test('without verify, the sandbox webhook alone pays the order', async () => {
      const { learner, order } = await orderFor();
      const response = await testApp.app.inject({ method: 'POST', url: `${order.checkoutUrl}/outcome?returnUrl=%2Fdone`, payload: { outcome: 'success' } });
      expect(response.statusCode).toBe(303);
      await testApp.app.payments.sandboxWebhooks?.idle();
      expect((await learner.call('GET', `/v1/payments/orders/${order.orderId}`)).json().order.status).toBe('paid');
      expect(await counts(learner)).toEqual({ payments: 1, kinds: ['payment', 'class_pack_purchase'] });
    });

    test('Fail and Cancel come back with the error or checkout=abandoned, and credit nothing', async () => {
      const { learner, order } = await orderFor();
      const fail = await testApp.app.inject({ method: 'POST', url: `${order.checkoutUrl}/outcome?returnUrl=%2Fpay`, payload: { outcome: 'failure' } });
      const failed = new URL(fail.headers.location as string, 'http://localhost').searchParams;
      expect(failed.get('error_code')).toBe('BAD_REQUEST_ERROR');
      expect(failed.get('error_description')).toEqual(expect.any(String));
      expect(failed.get('razorpay_order_id')).toBe(order.gatewayOrderId);
      await testApp.app.payments.sandboxWebhooks?.idle();
      const cancel = await testApp.app.inject({ method: 'POST', url: `${order.checkoutUrl}/outcome?returnUrl=%2Fpay`, payload: { outcome: 'abandoned' } });
      expect(new URL(cancel.headers.location as string, 'http://localhost').searchParams.get('checkout')).toBe('abandoned');
      await testApp.app.payments.sandboxWebhooks?.idle();
      const status = (await learner.call('GET', `/v1/payments/orders/${order.orderId}`)).json() as OrderStatusResponse;
      expect(status).toMatchObject({ order: { status: 'attempted' }, lastOutcome: 'abandoned', receipt: null });
      expect(await counts(learner)).toEqual({ payments: 0, kinds: [] });
    });

    test('an expired order cannot be paid in the sandbox', async () => {
      const { order } = await orderFor();
      clock = new Date(PAYMENT_TEST_NOW.getTime() + 31 * 60_000);
      const page = await testApp.app.inject({ method: 'GET', url: `${order.checkoutUrl}?returnUrl=%2Fpay` });
      expect(page.body).toContain('expired');
      expect(page.body).not.toContain('value="success"');
      expectError(
        await testApp.app.inject({ method: 'POST', url: `${order.checkoutUrl}/outcome?returnUrl=%2Fpay`, payload: { outcome: 'success' } }),
        409,
        'ORDER_EXPIRED',
      );
    });
  });
});
