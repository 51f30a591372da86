import ky from 'ky';
import type { VerifyResponse } from '@kalike/shared/contracts/auth';
import { userStore } from '@kalike/shared/user/user-store';
import { platformStore } from '@kalike/shared/platform/platform';
import { clientHeaders } from '@kalike/shared/api/client-headers';
import { isUuid } from '@kalike/shared/domain/uuid';

/** What the native app writes into the webview's localStorage (docs/native-app.md). */
export const appStorageKeys = { learnerId: 'learnerID', accessToken: 'accessToken', refreshToken: 'refreshToken' } as const;

const tokenPattern = /^[A-Za-z0-9._~+/=-]{16,4096}$/;

/**
 * Spec §6: inside the app (mobile flag set) the learner is restored from the learnerID and
 * tokens the app stored, after the API confirms the access token belongs to that learner.
 */
export async function restoreAppSession(apiBaseUrl: string, storage: Storage = localStorage): Promise<boolean> {
  if (!platformStore.getState().details.isApp || userStore.getState().user) return false;
  const learnerId = storage.getItem(appStorageKeys.learnerId) ?? '';
  const accessToken = storage.getItem(appStorageKeys.accessToken) ?? '';
  const refreshToken = storage.getItem(appStorageKeys.refreshToken) ?? '';
  if (!isUuid(learnerId) || !tokenPattern.test(accessToken) || !tokenPattern.test(refreshToken)) return false;
  try {
    const { user } = await ky
      .get('v1/auth/verify', {
        baseUrl: `${apiBaseUrl.replace(/\/$/, '')}/`,
        // Spec §6: the verify call identifies itself as 'unknown'.
        headers: { ...clientHeaders('unknown'), authorization: `Bearer ${accessToken}` },
        timeout: 10_000,
        retry: 0,
      })
      .json<VerifyResponse>();
    if (user.userType !== 'Learner' || user.learnerAccount?.id !== learnerId) return false;
    const tokens = { accessToken, refreshToken };
    userStore.getState().setUser({ ...user, tokens, learnerTokens: tokens, teacherTokens: null });
    return true;
  } catch {
    return false;
  }
}
