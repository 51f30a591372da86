import ky from 'ky';
import type { AuthTokens } from '@kalike/shared/user/user-store';
import type { AuthTokens as RefreshedTokens } from '@kalike/shared/contracts/auth';
import { pairOf, userStore, type UserType } from '@kalike/shared/user/user-store';
import { clientIdentifier, platformStore } from '@kalike/shared/platform/platform';
import { destroyEngagementSession } from '@kalike/shared/analytics/engagement-session';
import { queryClient } from '@kalike/shared/query/query-client';
import { clientHeaders } from '@kalike/shared/api/client-headers';

let apiBase = '/';
let refreshing: Promise<string | null> | null = null;

export function configureSession(options: { baseUrl: string }): void {
  apiBase = `${options.baseUrl.replace(/\/$/, '')}/`;
}

/** The active role's access token: the one API client sends it. */
export function currentAccessToken(): string | undefined {
  const user = userStore.getState().user;
  if (!user) return undefined;
  return pairOf(user, user.userType)?.accessToken ?? user.tokens?.accessToken;
}

/** Spec §8: the active role's stored refresh token first (the learner's for learners), otherwise the user's token. */
function refreshTokenToUse(): string | undefined {
  const user = userStore.getState().user;
  if (!user) return undefined;
  return pairOf(user, user.userType)?.refreshToken ?? user.tokens?.refreshToken;
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

/** Rotates one refresh token into a new pair; null when the sign-in is over (or the API cannot be reached). */
export async function requestNewTokens(token: string, role?: UserType): Promise<AuthTokens | null> {
  // Named as the app of the role whose pair it is, which is not the active one while switching.
  const headers = clientHeaders(role ? clientIdentifier(role, platformStore.getState().details) : undefined);
  try {
    const body = await ky
      .post('v1/auth/refresh', { baseUrl: apiBase, json: { token }, headers, timeout: 10_000, retry: 0 })
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
    // The pair of the role active now, even if the person switches role while it runs.
    const role = userStore.getState().user?.userType;
    const token = refreshTokenToUse();
    const tokens = token ? await requestNewTokens(token) : null;
    if (!tokens) {
      clearUser();
      return null;
    }
    userStore.getState().setTokens(tokens, role);
    return tokens.accessToken;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}
