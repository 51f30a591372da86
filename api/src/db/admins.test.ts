import { wellKnownAdmin, wellKnownLearners } from './seed/accounts';
import { buildTestApp, type TestApp } from '../testing/build-test-app';
import { signIn } from '../testing/sign-in';
import { setAdmin } from './admins';

describe('making an admin from the command line', () => {
  let testApp: TestApp;
  const demo = { acceptDemoNumbers: true };

  beforeAll(async () => {
    testApp = await buildTestApp();
  });

  afterAll(async () => {
    await testApp.close();
  });

  test('makes someone who has signed in an admin, which their next sign-in carries, and takes it away again, ending their sign-ins', async () => {
    const { phone } = wellKnownLearners.rahul;
    expect((await signIn(testApp.app, phone)).user.isAdmin).toBe(false);
    expect(await setAdmin(testApp.db, '+91 00000 00002', true, demo)).toEqual({ phone, changed: true, signInsEnded: 0 });
    expect(await setAdmin(testApp.db, phone, true, demo)).toEqual({ phone, changed: false, signInsEnded: 0 });
    expect((await signIn(testApp.app, phone, '10.6.0.2')).user.isAdmin).toBe(true);
    expect(await setAdmin(testApp.db, phone, false, demo)).toEqual({ phone, changed: true, signInsEnded: 2 });
    expect((await signIn(testApp.app, phone, '10.6.0.3')).user.isAdmin).toBe(false);
  });

  test('admin pages read the right from the database: a removed admin is refused at once with the same access token, and every sign-in of theirs ends', async () => {
    const { phone, userId } = wellKnownAdmin;
    const phoneSignIn = await signIn(testApp.app, phone, '10.6.1.1');
    const laptopSignIn = await signIn(testApp.app, phone, '10.6.1.2');
    const adminPage = (accessToken: string) =>
      testApp.app.inject({ method: 'GET', url: '/v1/admin/listing-reviews', headers: { authorization: `Bearer ${accessToken}` } });
    const refresh = (token: string) => testApp.app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { token } });
    expect((await adminPage(phoneSignIn.tokens.accessToken)).statusCode).toBe(200);

    // The token still claims the right; the database no longer grants it.
    await testApp.db.updateTable('users').set({ is_admin: false }).where('id', '=', userId).execute();
    expect((await adminPage(phoneSignIn.tokens.accessToken)).json()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    await testApp.db.updateTable('users').set({ is_admin: true }).where('id', '=', userId).execute();
    expect((await adminPage(phoneSignIn.tokens.accessToken)).statusCode).toBe(200);

    expect(await setAdmin(testApp.db, phone, false, demo)).toEqual({ phone, changed: true, signInsEnded: 2 });
    for (const signedIn of [phoneSignIn, laptopSignIn]) {
      expect((await adminPage(signedIn.tokens.accessToken)).json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED' });
      expect((await refresh(signedIn.tokens.refreshToken)).json()).toMatchObject({ statusCode: 401, code: 'INVALID_REFRESH_TOKEN' });
    }
    const families = await testApp.db.selectFrom('refresh_token_families').select('revoked_reason').where('user_id', '=', userId).execute();
    expect(families.map((family) => family.revoked_reason)).toEqual(['admin_removed', 'admin_removed']);

    // Signing in again is a plain sign-in; made an admin again, the same token opens admin pages at once.
    const again = await signIn(testApp.app, phone, '10.6.1.3');
    expect(again.user.isAdmin).toBe(false);
    expect((await adminPage(again.tokens.accessToken)).json()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
    expect(await setAdmin(testApp.db, phone, true, demo)).toEqual({ phone, changed: true, signInsEnded: 0 });
    expect((await adminPage(again.tokens.accessToken)).statusCode).toBe(200);
  });

  test('refuses a number nobody signed in with, and anything that is not a mobile number', async () => {
    await expect(setAdmin(testApp.db, '+91 98450 12345', true)).rejects.toThrow('Nobody has signed in with +919845012345 yet');
    await expect(setAdmin(testApp.db, '080 2222 3333', true)).rejects.toThrow('is not an Indian mobile number');
    // Demo numbers count only in the local demo.
    await expect(setAdmin(testApp.db, wellKnownLearners.rahul.phone, true)).rejects.toThrow('is not an Indian mobile number');
  });
});
