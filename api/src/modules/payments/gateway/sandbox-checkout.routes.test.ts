import type { CheckoutOrder } from '@kalike/shared/contracts/payments';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { batchesWithPlans, newBatchStudent, PAYMENT_TEST_NOW, postWithKey } from '../../../testing/payment-fixtures';

describe('the sandbox checkout page: headers and return URLs', () => {
  let testApp: TestApp;
  let order: CheckoutOrder;

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => PAYMENT_TEST_NOW, payments: { sandboxWebhookDelayMs: 0 } });
    const [batchId = ''] = await batchesWithPlans(testApp.db, 2);
    const learner = await newBatchStudent(testApp.app, testApp.db, batchId);
    const response = await postWithKey(learner.call, `/v1/payments/batch-student/${learner.batchStudentId}/class-pack/${learner.plans[0]?.id}`, {});
    expect(response.statusCode).toBe(201);
    order = response.json() as CheckoutOrder;
  });

  afterAll(async () => {
    await testApp.close();
  });

  test('the page carries the browser security headers and loads nothing but itself', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: `${order.checkoutUrl}?returnUrl=%2Fpayments%2Fpay%3Fx%3D1%23top` });
    expect(response.statusCode).toBe(200);
    const csp = response.headers['content-security-policy'];
    expect(csp).toBe("default-src 'none';style-src 'unsafe-inline';form-action 'self';frame-ancestors 'none';base-uri 'none';report-uri /v1/csp-reports");
    expect(response.headers).toMatchObject({
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
      'cache-control': 'no-store',
    });
    expect(response.body).toContain(`returnUrl=${encodeURIComponent('/payments/pay?x=1#top')}`);
  });

  test('only the checkout gets them: other API answers are untouched', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/health' });
    expect(response.headers['content-security-policy']).toBeUndefined();
  });

  test.each(['/.//evil.example', '/./\\evil.example', '/\\evil.example', '//evil.example', 'https://evil', 'javascript:alert(1)', '/x/..//evil.example'])(
    'refuses the return URL %s on the page and on the answer',
    async (returnUrl) => {
      for (const [method, url] of [
        ['GET', `${order.checkoutUrl}?returnUrl=${encodeURIComponent(returnUrl)}`],
        ['POST', `${order.checkoutUrl}/outcome?returnUrl=${encodeURIComponent(returnUrl)}`],
      ] as const) {
        const response = await testApp.app.inject({ method, url, ...(method === 'POST' ? { payload: { outcome: 'abandoned' } } : {}) });
        expect({ status: response.statusCode, code: response.json().code }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
        expect(response.headers.location).toBeUndefined();
      }
    },
  );

  test('an encoded double slash stays a path on this site', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `${order.checkoutUrl}/outcome?returnUrl=${encodeURIComponent('/%2F%2Fevil.example')}`,
      payload: { outcome: 'abandoned' },
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toMatch(/^\/%2F%2Fevil\.example\?checkout=abandoned/);
    expect(new URL(String(response.headers.location), 'https://kalike.in').origin).toBe('https://kalike.in');
  });

  test('a valid path keeps its query and fragment when the answer is added', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `${order.checkoutUrl}/outcome?returnUrl=${encodeURIComponent('/payments/pay?batchStudentID=abc#plans')}`,
      payload: { outcome: 'abandoned' },
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/payments/pay?batchStudentID=abc&checkout=abandoned&razorpay_order_id=${order.gatewayOrderId}#plans`);
  });
});
