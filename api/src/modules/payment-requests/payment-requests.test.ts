import { wellKnownPaymentRequestIds } from '../../db/seed/seed-database';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';

describe('payment requests', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  test.each([
    [wellKnownPaymentRequestIds.open, 'open'],
    [wellKnownPaymentRequestIds.completed, 'completed'],
    [wellKnownPaymentRequestIds.cancelled, 'cancelled'],
    [wellKnownPaymentRequestIds.openSecond, 'open'],
  ])('returns the well-known request %s as %s', async (id, status) => {
    const response = await testApp.app.inject({ method: 'GET', url: `/v1/payments/payment-request/${id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toEqual({
      id,
      status,
      amountPaise: expect.any(Number),
      description: expect.any(String),
      teacher: { name: expect.any(String), slug: expect.any(String) },
      batch: { name: expect.any(String), programName: expect.any(String), categoryName: expect.any(String) },
      studentName: expect.any(String),
      dueOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      createdAt: expect.stringMatching(/Z$/),
      completedAt: status === 'completed' ? expect.stringMatching(/Z$/) : null,
    });
    expect(Number.isInteger(body.amountPaise)).toBe(true);
    expect(body.amountPaise).toBeGreaterThan(0);
  });

  test('never exposes a phone number', async () => {
    const stored = await testApp.db
      .selectFrom('payment_requests as pr')
      .innerJoin('teachers as t', 't.id', 'pr.teacher_id')
      .select(['pr.learner_phone', 't.phone as teacher_phone'])
      .where('pr.id', '=', wellKnownPaymentRequestIds.open)
      .executeTakeFirstOrThrow();
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/v1/payments/payment-request/${wellKnownPaymentRequestIds.open}`,
    });
    const text = response.body;
    expect(text).not.toContain(stored.learner_phone);
    expect(text).not.toContain(stored.teacher_phone);
    expect(text).not.toMatch(/\+91\d{10}/);
    expect(text.toLowerCase()).not.toContain('phone');
  });

  test('answers 400 INVALID_ID for an id that is not a uuid', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/v1/payments/payment-request/12345' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, code: 'INVALID_ID' });
  });

  test('answers 404 PAYMENT_REQUEST_NOT_FOUND for an unknown uuid', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/v1/payments/payment-request/7d6f0e4a-3b1c-4d2e-9f80-123456789abc',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      code: 'PAYMENT_REQUEST_NOT_FOUND',
      message: expect.any(String),
    });
  });
});
