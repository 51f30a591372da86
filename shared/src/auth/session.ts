import ky from 'ky';
import type { AuthTokens } from '@kalike/shared/user/user-store';
import type { AuthTokens as RefreshedTokens } from '@kalike/shared/contracts/auth';
import { userStore } from '@kalike/shared/user/user-store';
import { destroyEngagementSession } from '@kalike/shared/analytics/engagement-session';
import { queryClient } from '@kalike/shared/query/query-client';
import { clientHeaders } from '@kalike/shared/api/client-headers';

let apiBase = '/';
let refreshing: Promise<string | null> | null = null;

export function configureSession(options: { baseUrl: string }): void {
  apiBase = `${options.baseUrl.replace(/\/$/, '')}/`;
}

export function currentAccessToken(): string | undefined {
  const user = userStore.getState().user;
  if (!user) return undefined;
  return (user.userType === 'Learner' ? user.learnerTokens : user.teacherTokens)?.accessToken ?? user.tokens?.accessToken;
}

/** Spec §8: for learners the stored learner refresh token first, otherwise the user's token. */
function refreshTokenToUse(): string | undefined {
  const user = userStore.getState().user;
  if (!user) return undefined;
  const typed = user.userType === 'Learner' ? user.learnerTokens : user.teacherTokens;
  return typed?.refreshToken ?? user.tokens?.refreshToken;
}

/**
 * Spec §4: clearing the user removes it and destroys the engagement session. Cached
 * server data may be private to that user, so it goes too.
 */
export function clearUser(): void {
  userStore.getState().clearUser();
  destroyEngagementSession();
  queryClient.clear();
}

async function requestNewTokens(token: string): Promise<AuthTokens | null> {
  try {
    const body = await ky
      .post('v1/auth/refresh', { baseUrl: apiBase, json: { token }, headers: clientHeaders(), timeout: 10_000, retry: 0 })
      .json<Partial<Record<keyof RefreshedTokens, unknown>>>();
    const { accessToken, refreshToken } = body;
    return typeof accessToken === 'string' && typeof refreshToken === 'string' ? { accessToken, refreshToken } : null;
  } catch {
    return null;
  }
}

/**
 * One refresh for any number of requests that failed with 401 together: the rotation on
 * the server treats a second use of the same refresh token as theft and revokes the
 * session, so concurrent refreshes must share one call. Resolves to the new access token,
 * or null after clearing the user when there is nothing to refresh with or it failed.
 */
export function refreshAccessToken(): Promise<string | null> {
  refreshing ??= (async () => {
    const token = refreshTokenToUse();
    const tokens = token ? await requestNewTokens(token) : null;
    if (!tokens) {
      clearUser();
      return null;
    }
    userStore.getState().setTokens(tokens);
    return tokens.accessToken;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}
