import { wellKnownPaymentRequestIds } from '../../../db/seed/seed-database';
import { wellKnownLearners, wellKnownTeacher } from '../../../db/seed/accounts';
import { buildTestApp, type TestApp } from '../../../testing/build-test-app';
import { signIn } from '../../../testing/sign-in';

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
      classPack: { name: expect.any(String), classesCount: expect.any(Number) },
      dueOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      createdAt: expect.stringMatching(/Z$/),
      completedAt: status === 'completed' ? expect.stringMatching(/Z$/) : null,
      cancelReason: null,
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

  test("lists a learner's own requests by status, newest first, and nobody else's", async () => {
    const list = async (phone: string) => {
      const { tokens } = await signIn(testApp.app, phone);
      return testApp.app.inject({ method: 'GET', url: '/v1/payments/payment-requests', headers: { authorization: `Bearer ${tokens.accessToken}` } });
    };
    const asha = await list(wellKnownLearners.asha.phone);
    expect(asha.statusCode).toBe(200);
    expect(asha.headers['cache-control']).toBe('no-store');
    const ashaLists = asha.json() as Record<'open' | 'completed' | 'cancelled', Array<{ id: string; status: string; createdAt: string }>>;
    expect(ashaLists.open.map((request) => request.id)).toContain(wellKnownPaymentRequestIds.open);
    expect(ashaLists.completed.map((request) => request.id)).toContain(wellKnownPaymentRequestIds.completed);
    for (const status of ['open', 'completed', 'cancelled'] as const) {
      expect(ashaLists[status].every((request) => request.status === status)).toBe(true);
      const times = ashaLists[status].map((request) => request.createdAt);
      expect(times).toEqual([...times].sort().reverse());
    }

    const rahul = (await list(wellKnownLearners.rahul.phone)).json() as typeof ashaLists;
    expect(rahul.cancelled.map((request) => request.id)).toContain(wellKnownPaymentRequestIds.cancelled);
    expect(rahul.open.map((request) => request.id)).toContain(wellKnownPaymentRequestIds.openSecond);
    const ashaIds = new Set(
      Object.values(ashaLists)
        .flat()
        .map((request) => request.id),
    );
    expect(
      Object.values(rahul)
        .flat()
        .some((request) => ashaIds.has(request.id)),
    ).toBe(false);

    expect((await list(wellKnownTeacher.phone)).statusCode).toBe(403);
    expect((await testApp.app.inject({ method: 'GET', url: '/v1/payments/payment-requests' })).statusCode).toBe(401);
  });
});
