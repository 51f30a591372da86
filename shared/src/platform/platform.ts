import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { userStore } from '@kalike/shared/user/user-store';

export type OperatingSystem = 'android' | 'ios' | 'windows' | 'macos' | 'linux' | 'other';

/** Spec §3 platformDetails: detected once at start and then only read. */
export interface PlatformDetails {
  /** Running inside the native app's webview (see docs/native-app.md). */
  isApp: boolean;
  /** A phone-sized, touch-first browser. */
  isMobile: boolean;
  os: OperatingSystem;
  /**
   * The admin platform: the signed-in user is an administrator. It follows the user store,
   * so it is persisted with the session (and validated when read back) and cleared at sign-out.
   */
  isAdmin: boolean;
}

/** The native app adds this to its webview's user agent. */
export const appUserAgentMarker = /\bKalikeApp\/\d+(\.\d+)*/;
/** …and sets this localStorage flag before the page loads (spec §6 "mobile flag"). */
export const appFlagKey = 'isMobile';

function detectOs(userAgent: string): OperatingSystem {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  if (/windows/i.test(userAgent)) return 'windows';
  if (/mac os x|macintosh/i.test(userAgent)) return 'macos';
  if (/linux/i.test(userAgent)) return 'linux';
  return 'other';
}

export function detectPlatform(userAgent: string, storage: Pick<Storage, 'getItem'> | null): PlatformDetails {
  let appFlag = false;
  try {
    appFlag = storage?.getItem(appFlagKey) === 'true';
  } catch {
    // storage blocked: not the app, which always allows it
  }
  const isApp = appUserAgentMarker.test(userAgent) || appFlag;
  return {
    isApp,
    isMobile: isApp || /Mobi|Android|iPhone|iPod/i.test(userAgent),
    os: detectOs(userAgent),
    isAdmin: false,
  };
}

interface PlatformState {
  details: PlatformDetails;
}

const signedInAdmin = () => userStore.getState().user?.isAdmin === true;

export const platformStore = createStore<PlatformState>()(() => ({
  details: {
    ...(typeof navigator === 'undefined'
      ? { isApp: false, isMobile: false, os: 'other' as const }
      : detectPlatform(navigator.userAgent, typeof localStorage === 'undefined' ? null : localStorage)),
    isAdmin: signedInAdmin(),
  },
}));

userStore.subscribe(() => {
  const isAdmin = signedInAdmin();
  if (platformStore.getState().details.isAdmin !== isAdmin) platformStore.setState((state) => ({ details: { ...state.details, isAdmin } }));
});

export function usePlatform(): PlatformDetails {
  return useStore(platformStore, (state) => state.details);
}

/**
 * Spec §6: every request names its client: the lowercase user type plus `web`, `mweb`
 * (a mobile browser outside the app) or `admin`, e.g. `learner-mweb`.
 */
export function clientIdentifier(userType: 'Learner' | 'Teacher' | null, details: PlatformDetails): string {
  const surface = details.isAdmin ? 'admin' : details.isMobile && !details.isApp ? 'mweb' : 'web';
  return `${(userType ?? 'Learner').toLowerCase()}-${surface}`;
}

export const clientVersion = '0.0.1';
