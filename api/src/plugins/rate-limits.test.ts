import { buildTestApp, type TestApp } from '../testing/build-test-app';
import { signIn } from '../testing/sign-in';
import { routeLimits } from './rate-limits';

const productLimits = { limits: routeLimits };

const reverse = (query = 'lat=12.9716&lng=77.5946') => ({ method: 'GET' as const, url: `/v1/geo/reverse?${query}` });

describe('route limits', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await buildTestApp({ rateLimits: productLimits });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('limits every route that costs money or CPU or says whether something exists', () => {
    expect(Object.keys(routeLimits)).toEqual(
      expect.arrayContaining([
        'GET /v1/marketplace/teacherListings/search',
        'GET /v1/geo/reverse',
        'POST /v1/discounts/validate-coupon/batchStudentID/:batchStudentId',
        'GET /v1/class/batchStudent/:id/classpack',
        'POST /v1/class/validate-payment-request/batch/:id/join',
        'POST /v1/marketplace/enquiries',
        'POST /v1/marketplace/enquiries/:id/close',
        'POST /v1/payments/batch-student/:batchStudentID/class-pack/:classPackPlanID',
        'POST /v1/payments/verify',
        'POST /v1/auth/otp/verify',
        'POST /v1/auth/refresh',
        'POST /v1/auth/switch-role',
        'POST /v1/teachers/join',
        'PUT /v1/teachers/me/photo',
        'GET /v1/user/data-export',
        'POST /v1/user/account/deletion',
        'GET /v1/marketplace/teacherListings/slug/:slug/preview.png',
      ]),
    );
  });

  it('answers 429 RATE_LIMITED with Retry-After once an address has used its reverse lookups', async () => {
    const { max } = routeLimits['GET /v1/geo/reverse']!.perAddress!;
    const remoteAddress = '203.0.113.10';
    for (let index = 0; index < max; index++) {
      const response = await testApp.app.inject({ ...reverse(), remoteAddress });
      expect(response.statusCode).not.toBe(429);
    }
    const refused = await testApp.app.inject({ ...reverse(), remoteAddress });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/try again in/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // Another address is counted on its own.
    expect((await testApp.app.inject({ ...reverse(), remoteAddress: '203.0.113.11' })).statusCode).not.toBe(429);
  });

  it('counts a whole IPv6 /56 as one address', async () => {
    const { max } = routeLimits['POST /v1/auth/otp/verify']!.perAddress!;
    const verify = (remoteAddress: string) => testApp.app.inject({ method: 'POST', url: '/v1/auth/otp/verify', payload: {}, remoteAddress });
    for (let index = 0; index < max; index++) {
      // Each try from a different /64 of the same home network's /56.
      expect((await verify(`2001:db8:77:${(index + 1).toString(16)}::1`)).statusCode).toBe(400);
    }
    expect((await verify('2001:db8:77:ff:ffff::9')).statusCode).toBe(429);
    expect((await verify('2001:db8:77:100::1')).statusCode).toBe(400);
  });

  it('limits a signed-in user across addresses', async () => {
    const { max } = routeLimits['GET /v1/geo/reverse']!.perUser!;
    const { tokens } = await signIn(testApp.app, '+919700000123', '10.9.0.1');
    const headers = { authorization: `Bearer ${tokens.accessToken}` };
    for (let index = 0; index < max; index++) {
      // A fresh address each time, so only the per-user count can refuse.
      const response = await testApp.app.inject({ ...reverse(), headers, remoteAddress: `10.9.1.${index + 1}` });
      expect(response.statusCode).not.toBe(429);
    }
    const refused = await testApp.app.inject({ ...reverse(), headers, remoteAddress: '10.9.2.1' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
  });

  it('refuses to start when a limit names a route that does not exist', async () => {
    await expect(
      buildTestApp({ seed: false, rateLimits: { limits: { 'GET /v1/no-such-route': { perAddress: { max: 1, windowMs: 1000 } } } } }),
    ).rejects.toThrow(/GET \/v1\/no-such-route/);
  });
});

describe('client address behind trusted proxies', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    // A load balancer and the web origin in front of the API, on the deployment's private network.
    testApp = await buildTestApp({ seed: false, trustProxy: '10.0.0.0/8', rateLimits: productLimits });
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('counts learners behind one load balancer apart, by the address the proxies forward', async () => {
    const { max } = routeLimits['GET /v1/geo/reverse']!.perAddress!;
    const from = (client: string) => testApp.app.inject({ ...reverse(), remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': `${client}, 10.0.0.1` } });
    for (let index = 0; index < max; index++) await from('198.51.100.7');
    expect((await from('198.51.100.7')).statusCode).toBe(429);
    // Same proxies, another learner.
    expect((await from('198.51.100.8')).statusCode).not.toBe(429);
    // A client cannot pick its own address by adding to the header: it is read from the right.
    expect(
      (await testApp.app.inject({ ...reverse(), remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '198.51.100.99, 198.51.100.7, 10.0.0.1' } }))
        .statusCode,
    ).toBe(429);
  });
});

describe('the API description', () => {
  it('lists 429 for every limited route', async () => {
    const testApp = await buildTestApp({ seed: false, rateLimits: productLimits });
    try {
      const document = (await testApp.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as {
        paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      };
      for (const name of Object.keys(routeLimits)) {
        const [method = '', url = ''] = name.split(' ');
        const path = url.replace(/:([A-Za-z]+)/g, '{$1}');
        expect([name, Object.keys(document.paths[path]?.[method.toLowerCase()]?.responses ?? {})]).toEqual([name, expect.arrayContaining(['429'])]);
      }
    } finally {
      await testApp.close();
    }
  });
});
