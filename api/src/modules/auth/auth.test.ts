import type { InjectOptions } from 'fastify';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { latestCode, outboxTexts, signIn } from '../../testing/sign-in';

describe('auth: OTP sign-in and tokens', () => {
  let testApp: TestApp;
  let clock = new Date('2025-06-02T04:30:00Z');
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  let phoneCounter = 0;
  // Every test gets its own numbers and client address, so the send limits never leak between tests.
  const newPhone = () => `+9198450${String(10_000 + phoneCounter++).padStart(5, '0')}`;
  let ipCounter = 0;
  const newIp = () => `10.1.${Math.floor(ipCounter / 200)}.${(ipCounter++ % 200) + 1}`;

  beforeAll(async () => {
    testApp = await buildTestApp({ seed: false, now: () => new Date(clock) });
  });

  afterAll(async () => {
    await testApp.close();
  });

  const inject = (options: InjectOptions) => testApp.app.inject(options);
  const requestCode = (phone: string, remoteAddress = newIp()) => inject({ method: 'POST', url: '/v1/auth/otp/request', payload: { phone }, remoteAddress });
  const verify = (requestId: string, phone: string, code: string) =>
    inject({ method: 'POST', url: '/v1/auth/otp/verify', payload: { requestId, phone, code } });
  const refresh = (token: string) => inject({ method: 'POST', url: '/v1/auth/refresh', payload: { token } });
  const whoAmI = (accessToken?: string) =>
    inject({ method: 'GET', url: '/v1/auth/verify', headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {} });
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  describe('requesting a code', () => {
    test('answers the same for a number with and without an account, and stores only a hash', async () => {
      const known = newPhone();
      await signIn(testApp.app, known, newIp());
      const unknown = newPhone();

      const forKnown = await requestCode(known);
      const forUnknown = await requestCode(unknown);
      expect(forKnown.statusCode).toBe(202);
      expect(forUnknown.statusCode).toBe(202);
      const shape = {
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        expiresAt: new Date(clock.getTime() + 600_000).toISOString(),
        resendAfterSeconds: 30,
      };
      expect(forKnown.json()).toEqual(shape);
      expect(forUnknown.json()).toEqual(shape);
      expect(forKnown.headers['cache-control']).toBe('no-store');

      const code = await latestCode(testApp.app, unknown);
      const stored = await testApp.db.selectFrom('otp_requests').select('code_hash').where('phone', '=', unknown).execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]?.code_hash).not.toContain(code);
    });

    test('normalises Indian mobiles and rejects landlines and other countries', async () => {
      const response = await requestCode('099001 23456');
      expect(response.statusCode).toBe(202);
      expect(await outboxTexts(testApp.app, '+919900123456')).toEqual([expect.stringMatching(/^\d{6} is your Kalike sign-in code/)]);

      for (const phone of ['+91 80 2222 3333', '+1 415 555 2671', '+91 12345 67890']) {
        const rejected = await requestCode(phone);
        expect(rejected.statusCode).toBe(400);
        expect(rejected.json()).toEqual({ statusCode: 400, code: 'INVALID_PHONE', message: expect.any(String) });
      }
    });

    test('a resend replaces the previous code', async () => {
      const phone = newPhone();
      const first = (await requestCode(phone)).json();
      const firstCode = await latestCode(testApp.app, phone);
      const second = (await requestCode(phone)).json();
      const secondCode = await latestCode(testApp.app, phone);
      expect(second.requestId).not.toBe(first.requestId);

      expect((await verify(first.requestId, phone, firstCode)).json()).toMatchObject({ code: 'CODE_EXPIRED' });
      // A code is bound to the request it was sent for.
      if (firstCode !== secondCode) {
        expect((await verify(second.requestId, phone, firstCode)).json()).toMatchObject({ code: 'INVALID_CODE' });
      }
      expect((await verify(second.requestId, phone, secondCode)).statusCode).toBe(200);
    });

    test('at most 3 codes per number per 15 minutes and 10 per number and address per day', async () => {
      const phone = newPhone();
      const ip = newIp();
      for (let i = 0; i < 3; i++) expect((await requestCode(phone, ip)).statusCode).toBe(202);
      const limited = await requestCode(phone);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        statusCode: 429,
        code: 'TOO_MANY_REQUESTS',
        message: expect.any(String),
        retryAfterSeconds: 900,
      });
      expect(limited.headers['retry-after']).toBe('900');

      // Three more windows bring the day's total from this address to ten.
      for (const sends of [3, 3, 1]) {
        advance(15 * 60_000 + 1000);
        for (let i = 0; i < sends; i++) expect((await requestCode(phone, ip)).statusCode).toBe(202);
      }
      advance(15 * 60_000 + 1000);
      const daily = await requestCode(phone, ip);
      expect(daily.statusCode).toBe(429);
      const wait = daily.json().retryAfterSeconds as number;
      expect(wait).toBeGreaterThan(20 * 3600);
      expect(wait).toBeLessThanOrEqual(24 * 3600);
    });

    test('a stranger spending the sends for a number holds its owner up for the short window only', async () => {
      const phone = newPhone();
      // The stranger hops between addresses of one IPv6 /64 (inside one /56), which count as one address.
      let hop = 0;
      const stranger = () => `2001:db8:5:5::${(++hop).toString(16)}`;
      for (const sends of [3, 3, 3, 1]) {
        for (let i = 0; i < sends; i++) expect((await requestCode(phone, stranger())).statusCode).toBe(202);
        advance(15 * 60_000 + 1000);
      }
      expect((await requestCode(phone, stranger())).statusCode).toBe(429);

      const owner = newIp();
      const requested = await requestCode(phone, owner);
      expect(requested.statusCode).toBe(202);
      const code = await latestCode(testApp.app, phone);
      expect((await verify(requested.json().requestId, phone, code)).statusCode).toBe(200);
    });

    test('at most 20 codes per client IP per hour', async () => {
      const ip = newIp();
      for (let i = 0; i < 20; i++) expect((await requestCode(newPhone(), ip)).statusCode).toBe(202);
      const limited = await requestCode(newPhone(), ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 3600 });
      expect((await requestCode(newPhone(), newIp())).statusCode).toBe(202);
    });
  });

  describe('verifying a code', () => {
    test('a new number becomes a Learner with an empty account; the code works once', async () => {
      const phone = newPhone();
      const { requestId } = (await requestCode(phone)).json();
      const code = await latestCode(testApp.app, phone);

      const response = await verify(requestId, phone, code);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual({
        user: { userType: 'Learner', learnerAccount: { id: expect.any(String), name: '', isCustomer: false }, teacher: null, isAdmin: false },
        tokens: {
          accessToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
          refreshToken: expect.stringMatching(/^[\w-]{43}$/),
          accessTokenExpiresAt: new Date(Math.floor(clock.getTime() / 1000) * 1000 + 900_000).toISOString(),
        },
        isNewUser: true,
      });

      const again = await verify(requestId, phone, code);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ statusCode: 400, code: 'CODE_EXPIRED', message: expect.any(String) });

      const second = await signIn(testApp.app, phone, newIp());
      expect(second.isNewUser).toBe(false);
      expect(second.user.learnerAccount?.id).toBe(body.user.learnerAccount.id);
    });

    test('wrong codes count down and the code locks after 5 attempts', async () => {
      const phone = newPhone();
      const { requestId } = (await requestCode(phone)).json();
      const code = await latestCode(testApp.app, phone);
      for (const attemptsLeft of [4, 3, 2, 1, 0]) {
        const response = await verify(requestId, phone, wrong(code));
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ statusCode: 400, code: 'INVALID_CODE', message: expect.any(String), attemptsLeft });
      }
      expect((await verify(requestId, phone, code)).json()).toMatchObject({ code: 'CODE_EXPIRED' });
    });

    test('a code expires after 10 minutes', async () => {
      const phone = newPhone();
      const { requestId } = (await requestCode(phone)).json();
      const code = await latestCode(testApp.app, phone);
      advance(10 * 60_000 + 1000);
      expect((await verify(requestId, phone, code)).json()).toMatchObject({ code: 'CODE_EXPIRED' });
    });

    test('a code does not work for another number or an unknown request', async () => {
      const phone = newPhone();
      const { requestId } = (await requestCode(phone)).json();
      const code = await latestCode(testApp.app, phone);
      expect((await verify(requestId, newPhone(), code)).json()).toMatchObject({ code: 'CODE_EXPIRED' });
      expect((await verify('7d6f0e4a-3b1c-4d2e-9f80-123456789abc', phone, code)).json()).toMatchObject({ code: 'CODE_EXPIRED' });
      expect((await verify(requestId, phone, code)).statusCode).toBe(200);
    });
  });

  describe('tokens', () => {
    test('GET /v1/auth/verify answers for a valid access token only', async () => {
      const { tokens, user } = await signIn(testApp.app, newPhone(), newIp());
      const ok = await whoAmI(tokens.accessToken);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ user });

      for (const token of [undefined, 'not-a-jwt', `${tokens.accessToken.slice(0, -2)}xx`]) {
        const response = await whoAmI(token);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', message: expect.any(String) });
      }

      advance(15 * 60_000 + 1000);
      expect((await whoAmI(tokens.accessToken)).json()).toMatchObject({ code: 'UNAUTHORIZED' });
    });

    test('refresh rotates; reusing an old token revokes the whole family', async () => {
      const { tokens: first } = await signIn(testApp.app, newPhone(), newIp());
      const second = await refresh(first.refreshToken);
      expect(second.statusCode).toBe(200);
      const pair2 = second.json();
      expect(pair2.refreshToken).not.toBe(first.refreshToken);
      expect((await whoAmI(pair2.accessToken)).statusCode).toBe(200);

      advance(11_000);
      const pair3 = (await refresh(pair2.refreshToken)).json();
      expect(pair3.refreshToken).not.toBe(pair2.refreshToken);

      advance(11_000);
      const reused = await refresh(first.refreshToken);
      expect(reused.statusCode).toBe(401);
      expect(reused.json()).toEqual({ statusCode: 401, code: 'REFRESH_TOKEN_REUSED', message: expect.any(String) });
      // The newest token of the family stops working too.
      expect((await refresh(pair3.refreshToken)).json()).toMatchObject({ statusCode: 401, code: 'INVALID_REFRESH_TOKEN' });
    });

    test('within the grace window the previous token gets the same pair back, once', async () => {
      const { tokens } = await signIn(testApp.app, newPhone(), newIp());
      const pair = (await refresh(tokens.refreshToken)).json();
      advance(5_000);
      const replay = await refresh(tokens.refreshToken);
      expect(replay.statusCode).toBe(200);
      expect(replay.json()).toEqual(pair);

      const third = await refresh(tokens.refreshToken);
      expect(third.json()).toMatchObject({ code: 'REFRESH_TOKEN_REUSED' });
      expect((await refresh(pair.refreshToken)).json()).toMatchObject({ code: 'INVALID_REFRESH_TOKEN' });
    });

    test('the grace window ends after 10 s, and not once the successor has been used', async () => {
      const late = (await signIn(testApp.app, newPhone(), newIp())).tokens;
      await refresh(late.refreshToken);
      advance(10_001);
      expect((await refresh(late.refreshToken)).json()).toMatchObject({ code: 'REFRESH_TOKEN_REUSED' });

      const moved = (await signIn(testApp.app, newPhone(), newIp())).tokens;
      const next = (await refresh(moved.refreshToken)).json();
      expect((await refresh(next.refreshToken)).statusCode).toBe(200);
      expect((await refresh(moved.refreshToken)).json()).toMatchObject({ code: 'REFRESH_TOKEN_REUSED' });
    });

    test('unknown tokens are rejected and a sign-in ends after 60 days', async () => {
      expect((await refresh('x'.repeat(43))).json()).toEqual({
        statusCode: 401,
        code: 'INVALID_REFRESH_TOKEN',
        message: expect.any(String),
      });
      const { tokens } = await signIn(testApp.app, newPhone(), newIp());
      advance(59 * 24 * 3600_000);
      const kept = (await refresh(tokens.refreshToken)).json();
      advance(2 * 24 * 3600_000);
      expect((await refresh(kept.refreshToken)).json()).toMatchObject({ code: 'INVALID_REFRESH_TOKEN' });
    });

    test('after logout the access tokens of that sign-in stop working at once, on account and money routes too', async () => {
      const { tokens, user } = await signIn(testApp.app, newPhone(), newIp());
      const other = await signIn(testApp.app, newPhone(), newIp());
      const account = (accessToken: string) =>
        inject({ method: 'GET', url: `/v1/user/accounts/${user.learnerAccount?.id}`, headers: { authorization: `Bearer ${accessToken}` } });
      const balances = (accessToken: string) =>
        inject({ method: 'GET', url: '/v1/ledgers/learners/balances', headers: { authorization: `Bearer ${accessToken}` } });
      expect((await whoAmI(tokens.accessToken)).statusCode).toBe(200);
      expect((await account(tokens.accessToken)).statusCode).toBe(200);
      expect((await balances(tokens.accessToken)).statusCode).toBe(200);

      await inject({ method: 'POST', url: '/v1/auth/logout', payload: { token: tokens.refreshToken } });
      expect((await whoAmI(tokens.accessToken)).statusCode).toBe(401);
      expect((await account(tokens.accessToken)).statusCode).toBe(401);
      expect((await balances(tokens.accessToken)).statusCode).toBe(401);
      // Another sign-in is untouched.
      expect((await whoAmI(other.tokens.accessToken)).statusCode).toBe(200);
    });

    test('a detected refresh-token reuse ends the access tokens of that sign-in at once', async () => {
      const { tokens } = await signIn(testApp.app, newPhone(), newIp());
      const next = (await refresh(tokens.refreshToken)).json();
      expect((await whoAmI(next.accessToken)).statusCode).toBe(200);
      advance(11_000);
      expect((await refresh(tokens.refreshToken)).json()).toMatchObject({ code: 'REFRESH_TOKEN_REUSED' });
      expect((await whoAmI(next.accessToken)).statusCode).toBe(401);
      expect((await whoAmI(tokens.accessToken)).statusCode).toBe(401);
    });

    test('logout revokes the family and is idempotent', async () => {
      const { tokens } = await signIn(testApp.app, newPhone(), newIp());
      const next = (await refresh(tokens.refreshToken)).json();
      const logout = await inject({ method: 'POST', url: '/v1/auth/logout', payload: { token: next.refreshToken } });
      expect(logout.statusCode).toBe(204);
      expect((await refresh(next.refreshToken)).json()).toMatchObject({ code: 'INVALID_REFRESH_TOKEN' });
      expect((await inject({ method: 'POST', url: '/v1/auth/logout', payload: { token: 'unknown' } })).statusCode).toBe(204);
    });
  });

  test('client identifier headers are optional but must be well formed', async () => {
    const ok = await inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-client': 'learner-mweb', 'x-client-version': '0.0.1', 'x-client-key-id': 'web-2025.1' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await inject({ method: 'GET', url: '/health', headers: { 'x-client': 'unknown' } })).statusCode).toBe(200);

    for (const headers of [{ 'x-client': 'admin-web' }, { 'x-client-version': 'latest' }, { 'x-client-key-id': 'a b' }]) {
      const response = await inject({ method: 'GET', url: '/health', headers });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_CLIENT_HEADER' });
    }
  });
});
