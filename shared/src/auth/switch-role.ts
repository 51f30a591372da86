import { apiSend } from '@kalike/shared/api/client';
import type { SignedInAs, SwitchRoleBody } from '@kalike/shared/contracts/auth';
import { requestNewTokens } from '@kalike/shared/auth/session';
import { queryClient } from '@kalike/shared/query/query-client';
import { pairOf, userStore, type AuthTokens, type UserType } from '@kalike/shared/user/user-store';

/** Refreshed ahead of use when it expires this soon, so the first page of the other role never waits on a 401. */
const expiryMarginMs = 30_000;

/** When an access token stops working, from its `exp` claim; undefined when it cannot be read (the 401 path then refreshes). */
export function accessTokenExpiry(accessToken: string): number | undefined {
  try {
    const payload = accessToken.split('.')[1];
    if (!payload) return undefined;
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const { exp } = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as { exp?: unknown };
    return typeof exp === 'number' ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** The stored pair of a role, refreshed if its access token has run out; null when that sign-in is over. */
async function usablePair(pair: AuthTokens, role: UserType, now: number): Promise<AuthTokens | null> {
  const expiry = accessTokenExpiry(pair.accessToken);
  if (expiry === undefined || expiry - expiryMarginMs > now) return pair;
  const fresh = await requestNewTokens(pair.refreshToken, role);
  if (fresh) userStore.getState().setTokens(fresh, role);
  return fresh;
}

/**
 * Acts in the other role of the same phone: from its stored pair when there is one (no call,
 * beyond a refresh when it has run out), else through `POST /v1/auth/switch-role` with the
 * active sign-in, which stays valid. The cached server data of the role left behind is
 * dropped at the same moment, so no page of the new role can show it. Rejects with the API's
 * error (e.g. 403 NOT_A_TEACHER) and changes nothing then.
 */
export async function switchRole(role: UserType, now: () => number = Date.now): Promise<void> {
  const user = userStore.getState().user;
  if (!user) throw new Error('Switching role needs a signed-in user');
  if (user.userType === role) return;

  const stored = pairOf(user, role);
  if (stored && (role === 'Learner' || user.teacher)) {
    const pair = await usablePair(stored, role, now());
    if (pair && userStore.getState().activateRole(role)) {
      queryClient.clear();
      return;
    }
    // That sign-in ended (logged out elsewhere, revoked): start a new one below.
    userStore.getState().dropRole(role);
  }

  const body: SwitchRoleBody = { role };
  const signedIn = await apiSend<SignedInAs>('post', 'v1/auth/switch-role', body);
  const { accessToken, refreshToken } = signedIn.tokens;
  userStore.getState().addSignIn(signedIn.user, { accessToken, refreshToken });
  queryClient.clear();
}
