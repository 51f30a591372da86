import type { ActionCodePurpose, ActionConfirmation } from '@kalike/shared/contracts/action-codes';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { actionConfirmation, latestCode, outboxTexts, signIn } from '../../testing/sign-in';
import { actionCodesOf, type ActionCodeCheck } from './action-codes.port';
import { createAuthRepository } from './auth.repository';

describe('codes that confirm an action of a signed-in person', () => {
  let testApp: TestApp;
  const clock = new Date('2026-03-02T05:30:00Z');
  let phoneCounter = 0;
  let ipCounter = 0;
  const newIp = () => `10.7.0.${++ipCounter}`;

  beforeAll(async () => {
    testApp = await buildTestApp({ seed: false, now: () => new Date(clock) });
  });

  afterAll(async () => {
    await testApp.close();
  });

  /** A fresh person, signed in. */
  async function person() {
    const phone = `+9198461${String(10_000 + phoneCounter++).padStart(5, '0')}`;
    const signedIn = await signIn(testApp.app, phone, newIp());
    return { phone, accessToken: signedIn.tokens.accessToken, userId: await userIdOf(phone) };
  }
  async function userIdOf(phone: string) {
    return (await testApp.db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
  }
  const codes = () => actionCodesOf(testApp.db, testApp.app.auth);
  const check = (userId: string, purpose: ActionCodePurpose, confirmation: ActionConfirmation | undefined): ActionCodeCheck => ({
    userId,
    purpose,
    confirmation,
    at: new Date(clock),
  });
  /** Verifies and spends in one transaction, as an action does; the error's code, or 'ok'. */
  async function confirm(input: ActionCodeCheck): Promise<string> {
    try {
      await codes().verify(input);
      await testApp.db.transaction().execute((tx) => codes().spend(tx, input));
      return 'ok';
    } catch (error) {
      return (error as { code?: string }).code ?? String(error);
    }
  }

  test('texts the account’s phone a code for the purpose, and answers where it went with the number hidden', async () => {
    const { phone, accessToken } = await person();
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/v1/auth/action-codes',
      headers: { authorization: `Bearer ${accessToken}` },
      payload: { purpose: 'payout-account' },
      remoteAddress: newIp(),
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      expiresAt: new Date(clock.getTime() + 600_000).toISOString(),
      resendAfterSeconds: 30,
      sentTo: `+91 ••••• •${phone.slice(-4)}`,
    });
    const [text] = await outboxTexts(testApp.app, phone, 1);
    expect(text).toMatch(/^\d{6} is your Kalike code to change the bank account or UPI ID your Kalike payouts go to\./);
  });

  test('needs a sign-in and a known purpose', async () => {
    const anonymous = await testApp.app.inject({ method: 'POST', url: '/v1/auth/action-codes', payload: { purpose: 'delete-account' } });
    expect(anonymous.statusCode).toBe(401);
    const { accessToken } = await person();
    const unknown = await testApp.app.inject({
      method: 'POST',
      url: '/v1/auth/action-codes',
      headers: { authorization: `Bearer ${accessToken}` },
      payload: { purpose: 'transfer-everything' },
    });
    expect(unknown.statusCode).toBe(400);
  });

  test('confirms one action of its person and purpose, once', async () => {
    const { phone, accessToken, userId } = await person();
    const confirmation = await actionConfirmation(testApp.app, accessToken, phone, 'delete-account', newIp());
    const other = await person();

    expect(await confirm(check(userId, 'delete-account', undefined))).toBe('ACTION_CODE_REQUIRED');
    expect(await confirm(check(other.userId, 'delete-account', confirmation))).toBe('CODE_EXPIRED');
    expect(await confirm(check(userId, 'payout-account', confirmation))).toBe('CODE_EXPIRED');
    expect(await confirm(check(userId, 'delete-account', confirmation))).toBe('ok');
    expect(await confirm(check(userId, 'delete-account', confirmation))).toBe('CODE_EXPIRED');
  });

  test('counts wrong guesses even though the action is not done, and an action that fails leaves the code usable', async () => {
    const { phone, accessToken, userId } = await person();
    const confirmation = await actionConfirmation(testApp.app, accessToken, phone, 'payout-account', newIp());
    const wrong = { ...confirmation, code: String((Number(confirmation.code) + 1) % 1_000_000).padStart(6, '0') };
    expect(await confirm(check(userId, 'payout-account', wrong))).toBe('INVALID_CODE');

    // The action's transaction fails after spending: the code is not used up.
    const input = check(userId, 'payout-account', confirmation);
    await codes().verify(input);
    await expect(
      testApp.db.transaction().execute(async (tx) => {
        await codes().spend(tx, input);
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await confirm(input)).toBe('ok');

    // Five attempts per code, as for sign-in codes.
    const next = await actionConfirmation(testApp.app, accessToken, phone, 'payout-account', newIp());
    const guess = { ...next, code: String((Number(next.code) + 1) % 1_000_000).padStart(6, '0') };
    for (let attempt = 0; attempt < 5; attempt += 1) expect(await confirm(check(userId, 'payout-account', guess))).toBe('INVALID_CODE');
    expect(await confirm(check(userId, 'payout-account', next))).toBe('CODE_EXPIRED');
  });

  test('an action code never signs anyone in, and a new sign-in code does not replace it', async () => {
    const { phone, accessToken, userId } = await person();
    const confirmation = await actionConfirmation(testApp.app, accessToken, phone, 'delete-account', newIp());
    const asSignIn = await testApp.app.inject({
      method: 'POST',
      url: '/v1/auth/otp/verify',
      payload: { requestId: confirmation.requestId, phone, code: confirmation.code },
    });
    expect(asSignIn.json()).toMatchObject({ code: 'CODE_EXPIRED' });

    await testApp.app.inject({ method: 'POST', url: '/v1/auth/otp/request', payload: { phone }, remoteAddress: newIp() });
    expect(await latestCode(testApp.app, phone)).not.toBe(confirmation.code);
    expect(await confirm(check(userId, 'delete-account', confirmation))).toBe('ok');
  });

  test("counts against the number's limit with sign-in codes, never against the address's sign-in limits", async () => {
    const ip = newIp();
    const phone = `+9198461${String(10_000 + phoneCounter++).padStart(5, '0')}`;
    const { tokens } = await signIn(testApp.app, phone, ip);
    const ask = () =>
      testApp.app.inject({
        method: 'POST',
        url: '/v1/auth/action-codes',
        headers: { authorization: `Bearer ${tokens.accessToken}` },
        payload: { purpose: 'delete-account' },
        remoteAddress: ip,
      });
    // The sign-in's code and two action codes: the number's three in 15 minutes.
    expect((await ask()).statusCode).toBe(202);
    expect((await ask()).statusCode).toBe(202);
    const limited = await ask();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', retryAfterSeconds: expect.any(Number) });
    const since = new Date(clock.getTime() - 3_600_000);
    const repository = createAuthRepository(testApp.db);
    expect(await repository.findSendTimes({ clientIp: ip }, since, 50)).toHaveLength(3);
    expect(await repository.findSendTimes({ clientIp: ip, signInOnly: true }, since, 50)).toHaveLength(1);
  });
});
