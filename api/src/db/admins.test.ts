import { wellKnownLearners } from './seed/accounts';
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

  test('makes someone who has signed in an admin, which their next sign-in carries, and takes it away again', async () => {
    const { phone } = wellKnownLearners.rahul;
    expect((await signIn(testApp.app, phone)).user.isAdmin).toBe(false);
    expect(await setAdmin(testApp.db, '+91 00000 00002', true, demo)).toEqual({ phone, changed: true });
    expect(await setAdmin(testApp.db, phone, true, demo)).toEqual({ phone, changed: false });
    expect((await signIn(testApp.app, phone, '10.6.0.2')).user.isAdmin).toBe(true);
    expect(await setAdmin(testApp.db, phone, false, demo)).toEqual({ phone, changed: true });
    expect((await signIn(testApp.app, phone, '10.6.0.3')).user.isAdmin).toBe(false);
  });

  test('refuses a number nobody signed in with, and anything that is not a mobile number', async () => {
    await expect(setAdmin(testApp.db, '+91 98450 12345', true)).rejects.toThrow('Nobody has signed in with +919845012345 yet');
    await expect(setAdmin(testApp.db, '080 2222 3333', true)).rejects.toThrow('is not an Indian mobile number');
    // Demo numbers count only in the local demo.
    await expect(setAdmin(testApp.db, wellKnownLearners.rahul.phone, true)).rejects.toThrow('is not an Indian mobile number');
  });
});
