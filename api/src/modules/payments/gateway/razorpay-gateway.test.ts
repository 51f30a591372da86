import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CheckoutOrder } from '@kalike/shared/contracts/payments';
import { DomainError } from '../../../shared/domain-error';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { batchesWithPlans, newBatchStudent, PAYMENT_TEST_NOW, postWithKey } from '../../../testing/payment-fixtures';
import { createRazorpayGateway } from './razorpay-gateway';

const KEY_ID = 'rzp_test_FakeKey123456';
const KEY_SECRET = 'fake-key-secret-for-tests';
const WEBHOOK_SECRET = 'fake-webhook-secret-for-tests';

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

/** A local stand-in for api.razorpay.com: never the internet. */
function fakeRazorpay(): Promise<{ url: string; received: Received[]; mode: { next: 'ok' | 'error' | 'hang' | 'no-id' }; close(): Promise<void> }> {
  const received: Received[] = [];
  const mode: { next: 'ok' | 'error' | 'hang' | 'no-id' } = { next: 'ok' };
  let counter = 0;
  // Razorpay makes one refund per X-Refund-Idempotency key.
  const refunds = new Map<string, string>();
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
      received.push({ method: request.method ?? '', url: request.url ?? '', authorization: request.headers.authorization, body });
      if (mode.next === 'hang') return;
      response.setHeader('content-type', 'application/json');
      const refundOf = /^\/v1\/payments\/(pay_[A-Za-z0-9]+)\/refund$/.exec(request.url ?? '');
      if (refundOf && mode.next !== 'error') {
        const idempotency = String(request.headers['x-refund-idempotency'] ?? '');
        if (!refunds.has(idempotency)) refunds.set(idempotency, `rfnd_Fake${String(refunds.size + 1).padStart(10, '0')}`);
        response.end(JSON.stringify({ id: refunds.get(idempotency), entity: 'refund', payment_id: refundOf[1], amount: body.amount, status: 'processed' }));
        return;
      }
      if (mode.next === 'error') {
        response.statusCode = 400;
        response.end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'The amount must be at least INR 1.00' } }));
        return;
      }
      counter++;
      const id = mode.next === 'no-id' ? undefined : `order_Fake${String(counter).padStart(10, '0')}`;
      response.end(
        JSON.stringify({
          id,
          entity: 'order',
          amount: body.amount,
          amount_paid: 0,
          amount_due: body.amount,
          currency: 'INR',
          receipt: body.receipt,
          status: 'created',
          attempts: 0,
        }),
      );
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        received,
        mode,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

describe('the Razorpay gateway', () => {
  let fake: Awaited<ReturnType<typeof fakeRazorpay>>;

  beforeAll(async () => {
    fake = await fakeRazorpay();
  });

  afterEach(() => {
    fake.mode.next = 'ok';
  });

  afterAll(async () => {
    await fake.close();
  });

  test('refunds a payment with the refund key as X-Refund-Idempotency: asking again answers the same refund; a refusal is a failed refund', async () => {
    const gateway = createRazorpayGateway({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url });
    const request = { gatewayPaymentId: 'pay_Abc123', amountPaise: 250_000, idempotencyKey: 'rf_0123456789abcdef', notes: { reason: 'family_cancelled' } };
    const first = await gateway.refund(request);
    expect(first).toEqual({ gatewayRefundId: expect.stringMatching(/^rfnd_Fake/), status: 'processed', reason: null });
    expect(await gateway.refund(request)).toEqual(first);
    expect(fake.received.at(-1)).toMatchObject({
      method: 'POST',
      url: '/v1/payments/pay_Abc123/refund',
      body: { amount: 250_000, speed: 'normal', receipt: 'rf_0123456789abcdef', notes: { reason: 'family_cancelled' } },
    });
    fake.mode.next = 'error';
    expect(await gateway.refund({ ...request, idempotencyKey: 'rf_other' })).toEqual({
      gatewayRefundId: null,
      status: 'failed',
      reason: 'The amount must be at least INR 1.00',
    });
  });

  test('creates an order with basic auth, the amount in paise and our order id as the receipt', async () => {
    const gateway = createRazorpayGateway({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url });
    const { gatewayOrderId } = await gateway.createOrder({ receipt: 'our-order-id', amountPaise: 360_000, notes: { purpose: 'class_pack' } });
    expect(gatewayOrderId).toMatch(/^order_Fake\d{10}$/);
    expect(fake.received.at(-1)).toEqual({
      method: 'POST',
      url: '/v1/orders',
      authorization: `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`,
      body: { amount: 360_000, currency: 'INR', receipt: 'our-order-id', notes: { purpose: 'class_pack' } },
    });
    expect(gateway.keyId).toBe(KEY_ID);
    expect(gateway.checkoutUrl(gatewayOrderId)).toBeNull();
  });

  test('refusals, answers without an id and timeouts become 502 GATEWAY_UNAVAILABLE', async () => {
    const gateway = createRazorpayGateway({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url, timeoutMs: 200 });
    const attempt = () => gateway.createOrder({ receipt: 'r', amountPaise: 100, notes: {} });
    for (const next of ['error', 'no-id', 'hang'] as const) {
      fake.mode.next = next;
      const error = await attempt().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ code: 'GATEWAY_UNAVAILABLE', statusCode: 502 });
    }
    const unreachable = createRazorpayGateway({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, apiUrl: 'http://127.0.0.1:9' });
    await expect(unreachable.createOrder({ receipt: 'r', amountPaise: 100, notes: {} })).rejects.toMatchObject({ code: 'GATEWAY_UNAVAILABLE' });
  });

  test('checks payment signatures with the key secret and webhooks with the webhook secret, over the raw bytes', () => {
    const gateway = createRazorpayGateway({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url });
    // Razorpay's documented recipe, computed here independently of the adapter.
    const signature = createHmac('sha256', KEY_SECRET).update('order_ABC|pay_XYZ').digest('hex');
    expect(gateway.verifyPaymentSignature({ gatewayOrderId: 'order_ABC', gatewayPaymentId: 'pay_XYZ', signature })).toBe(true);
    expect(gateway.verifyPaymentSignature({ gatewayOrderId: 'order_ABD', gatewayPaymentId: 'pay_XYZ', signature })).toBe(false);
    expect(gateway.verifyPaymentSignature({ gatewayOrderId: 'order_ABC', gatewayPaymentId: 'pay_XYZ', signature: signature.toUpperCase() })).toBe(true);
    expect(gateway.verifyPaymentSignature({ gatewayOrderId: 'order_ABC', gatewayPaymentId: 'pay_XYZ', signature: signature.slice(2) })).toBe(false);
    expect(gateway.verifyPaymentSignature({ gatewayOrderId: 'order_ABC', gatewayPaymentId: 'pay_XYZ', signature: `${signature}0` })).toBe(false);
    const raw = Buffer.from('{"event": "payment.captured"}');
    const webhookSignature = createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex');
    expect(gateway.verifyWebhookSignature(raw, webhookSignature)).toBe(true);
    expect(gateway.verifyWebhookSignature(Buffer.from('{"event":"payment.captured"}'), webhookSignature)).toBe(false);
    expect(gateway.verifyWebhookSignature(raw, `${webhookSignature}0`)).toBe(false);
    expect(gateway.verifyWebhookSignature(raw, createHmac('sha256', KEY_SECRET).update(raw).digest('hex'))).toBe(false);
  });

  describe('configured in the app', () => {
    let testApp: TestApp;

    beforeAll(async () => {
      testApp = await buildTestApp({
        now: () => PAYMENT_TEST_NOW,
        payments: { razorpay: { keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url } },
      });
    });

    afterAll(async () => {
      await testApp.close();
    });

    test('orders go to Razorpay, verify and webhooks use its secrets, and the sandbox is off', async () => {
      const [batchId] = await batchesWithPlans(testApp.db, 2);
      const learner = await newBatchStudent(testApp.app, testApp.db, batchId ?? '');
      const response = await postWithKey(learner.call, `/v1/payments/batch-student/${learner.batchStudentId}/class-pack/${learner.plans[0]?.id}`, {});
      expect(response.statusCode).toBe(201);
      const order = response.json() as CheckoutOrder;
      expect(order).toMatchObject({ gateway: 'razorpay', keyId: KEY_ID, gatewayOrderId: expect.stringMatching(/^order_Fake/), checkoutUrl: null });
      expect(fake.received.at(-1)?.body).toMatchObject({ amount: order.amountPaise, receipt: order.orderId });

      const signature = createHmac('sha256', KEY_SECRET).update(`${order.gatewayOrderId}|pay_RealLike0001`).digest('hex');
      const verified = await learner.call('POST', '/v1/payments/verify', {
        razorpay_order_id: order.gatewayOrderId,
        razorpay_payment_id: 'pay_RealLike0001',
        razorpay_signature: signature,
      });
      expect(verified.statusCode).toBe(200);
      expect(verified.json().order.status).toBe('paid');

      const raw = JSON.stringify({
        event: 'payment.captured',
        payload: { payment: { entity: { id: 'pay_RealLike0001', order_id: order.gatewayOrderId, amount: order.amountPaise, status: 'captured' } } },
      });
      const hook = await testApp.app.inject({
        method: 'POST',
        url: '/v1/payments/webhooks/razorpay',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-event-id': 'evt_real_1',
          'x-razorpay-signature': createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex'),
        },
        payload: raw,
      });
      expect(hook.json()).toEqual({ processed: true, event: 'payment.captured' });
      const entries = await testApp.db.selectFrom('ledger_entries').select('kind').where('batch_student_id', '=', learner.batchStudentId).execute();
      expect(entries).toHaveLength(2);

      expect((await testApp.app.inject({ method: 'GET', url: '/v1/payments/sandbox/checkout/order_sbx_AAAAAAAAAAAAAA?returnUrl=%2F' })).statusCode).toBe(404);
      expect(
        (await testApp.app.inject({ method: 'POST', url: '/v1/payments/webhooks/sandbox', headers: { 'content-type': 'application/json' }, payload: raw }))
          .statusCode,
      ).toBe(404);

      fake.mode.next = 'error';
      const another = await newBatchStudent(testApp.app, testApp.db, batchId ?? '');
      const refused = await postWithKey(another.call, `/v1/payments/batch-student/${another.batchStudentId}/class-pack/${another.plans[1]?.id}`, {});
      expect(refused.statusCode).toBe(502);
      expect(refused.json().code).toBe('GATEWAY_UNAVAILABLE');
      // Nothing is kept, so the same key can be retried.
      expect(await testApp.db.selectFrom('orders').select('id').where('learner_account_id', '=', another.accountId).execute()).toEqual([]);
    });
  });
});
