import { buildTestApp, type TestApp } from '../../testing/build-test-app';

describe('health and API document', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp({ seed: false });
  });

  afterAll(async () => {
    await testApp.close();
  });

  test('GET /health reports ok and which database answered', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    });
  });

  test('responses carry a request id, and a safe incoming one is echoed', async () => {
    const generated = await testApp.app.inject({ method: 'GET', url: '/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const echoed = await testApp.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'trace-1234abcd' },
    });
    expect(echoed.headers['x-request-id']).toBe('trace-1234abcd');
  });

  test('GET /v1/openapi.json documents every public route with its error responses', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    // Contains rather than equals: modules are added in parallel, each checking its own routes.
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/health',
        '/v1/class/updates',
        '/v1/marketplace/categories',
        '/v1/marketplace/categories/{slug}',
        '/v1/payments/payment-request/{id}',
        '/v1/auth/otp/request',
        '/v1/auth/otp/verify',
        '/v1/auth/refresh',
        '/v1/auth/logout',
        '/v1/auth/verify',
        '/v1/user/accounts/{id}',
        '/v1/user/accounts/learner/new',
        '/v1/user/accounts/{learnerID}/addStudent',
      ]),
    );
    const account = document.paths['/v1/user/accounts/{id}'];
    expect(Object.keys(account.get.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404']));
    expect(Object.keys(account.put.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404']));
    expect(Object.keys(document.paths['/v1/auth/otp/request'].post.responses)).toEqual(expect.arrayContaining(['202', '400', '429']));
    const paymentRequest = document.paths['/v1/payments/payment-request/{id}'].get;
    expect(Object.keys(paymentRequest.responses)).toEqual(expect.arrayContaining(['200', '400', '404']));
  });
});
