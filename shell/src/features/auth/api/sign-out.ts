import { apiSend } from '@kalike/shared/api/client';
import { clearUser } from '@kalike/shared/auth/session';
import { userStore } from '@kalike/shared/user/user-store';
import { forgetPersonalTabData } from '@kalike/shared/user/personal-tab-data';

/** Revokes the session on the server when it can, and always forgets it here. */
export async function signOut(): Promise<void> {
  const user = userStore.getState().user;
  const token = (user?.userType === 'Teacher' ? user.teacherTokens : user?.learnerTokens)?.refreshToken ?? user?.tokens?.refreshToken;
  if (token) await apiSend('post', 'v1/auth/logout', { token }).catch(() => undefined);
  clearUser();
  forgetPersonalTabData();
}
