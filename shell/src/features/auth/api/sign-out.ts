import { apiSend } from '@kalike/shared/api/client';
import { clearUser } from '@kalike/shared/auth/session';
import { userStore } from '@kalike/shared/user/user-store';
import { forgetPersonalTabData } from '@kalike/shared/user/personal-tab-data';

/**
 * Signing out leaves the device: every sign-in this browser holds (the learner's and the
 * teacher's) is revoked on the server when it can be, and always forgotten here.
 */
export async function signOut(): Promise<void> {
  const user = userStore.getState().user;
  const tokens = new Set(
    [user?.tokens?.refreshToken, user?.learnerTokens?.refreshToken, user?.teacherTokens?.refreshToken].filter((token) => token !== undefined),
  );
  await Promise.all([...tokens].map((token) => apiSend('post', 'v1/auth/logout', { token }).catch(() => undefined)));
  clearUser();
  forgetPersonalTabData();
}
