import type * as platformModule from '@kalike/shared/platform/platform';
import { clientIdentifier, detectPlatform, platformStore } from '@kalike/shared/platform/platform';
import { userStore, userStorageKey } from '@kalike/shared/user/user-store';

const android = 'Mozilla/5.0 (Linux; Android 13; Redmi Note 12) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const desktop = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const storage = (flag: string | null) => ({ getItem: (key: string) => (key === 'isMobile' ? flag : null) });

describe('platform', () => {
  it('tells a phone browser, a desktop browser and the native app apart', () => {
    expect(detectPlatform(android, storage(null))).toEqual({ isApp: false, isMobile: true, os: 'android', isAdmin: false });
    expect(detectPlatform(desktop, storage(null))).toMatchObject({ isApp: false, isMobile: false, os: 'windows' });
    expect(detectPlatform(`${android} KalikeApp/3.2.0`, storage(null)).isApp).toBe(true);
    expect(detectPlatform(android, storage('true')).isApp).toBe(true);
  });

  it('names the client as user type plus web, mweb or admin', () => {
    const phone = detectPlatform(android, storage(null));
    expect(clientIdentifier('Learner', phone)).toBe('learner-mweb');
    expect(clientIdentifier('Teacher', detectPlatform(desktop, storage(null)))).toBe('teacher-web');
    expect(clientIdentifier('Learner', { ...phone, isApp: true })).toBe('learner-web');
    expect(clientIdentifier(null, { ...phone, isAdmin: true })).toBe('learner-admin');
  });

  describe('the admin platform', () => {
    const tokens = { accessToken: 'eyJhbGciOiJIUzI1NiJ9.payload.signature', refreshToken: 'r'.repeat(43) };
    const admin = { userType: 'Learner' as const, learnerAccount: null, teacher: null, isAdmin: true, tokens, learnerTokens: tokens, teacherTokens: null };
    afterEach(() => userStore.getState().clearUser());

    it('follows the signed-in user and is cleared at sign-out', () => {
      userStore.getState().setUser(admin);
      expect(platformStore.getState().details.isAdmin).toBe(true);
      userStore.getState().clearUser();
      expect(platformStore.getState().details.isAdmin).toBe(false);
    });

    it('is still there after a reload, read back from the stored session', () => {
      userStore.getState().setUser(admin);
      const stored = localStorage.getItem(userStorageKey);
      jest.isolateModules(() => {
        localStorage.setItem(userStorageKey, stored!);
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const reloaded = require('@kalike/shared/platform/platform') as typeof platformModule;
        expect(reloaded.platformStore.getState().details.isAdmin).toBe(true);
      });
    });

    it('is not taken from a tampered session', () => {
      jest.isolateModules(() => {
        localStorage.setItem(userStorageKey, JSON.stringify({ state: { user: { ...admin, isAdmin: 'yes' } }, version: 1 }));
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const reloaded = require('@kalike/shared/platform/platform') as typeof platformModule;
        expect(reloaded.platformStore.getState().details.isAdmin).toBe(false);
      });
    });
  });
});
