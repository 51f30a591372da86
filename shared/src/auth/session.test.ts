import { apiGet } from '@kalike/shared/api/client';
import { configureProductApi } from '@kalike/shared/auth/configure-api';
import { userStore, type CurrentUser } from '@kalike/shared/user/user-store';
import { engagementSessionId } from '@kalike/shared/analytics/engagement-session';

const stale = { accessToken: 'access.token.stale-000000', refreshToken: 'refresh-token-old-0000000000' };
const fresh = { accessToken: 'access.token.fresh-000000', refreshToken: 'refresh-token-new-0000000000' };
const learner: CurrentUser = {
  userType: 'Learner',
  learnerAccount: { id: 'la-1', name: 'Asha Rao' },
  teacher: null,
  isAdmin: false,
  tokens: stale,
  learnerTokens: stale,
  teacherTokens: null,
};

interface FakeServer {
  refreshCalls: string[];
  refreshSucceeds: boolean;
  accessTokensSeen: string[];
}

function installServer(server: FakeServer) {
  global.fetch = jest.fn(async (request: Request) => {
    const url = new URL(request.url);
    if (url.pathname === '/v1/auth/refresh') {
      const { token } = (await request.json()) as { token: string };
      server.refreshCalls.push(token);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return server.refreshSucceeds
        ? Response.json({ ...fresh, accessTokenExpiresAt: '2026-11-22T06:00:00.000Z' })
        : Response.json({ statusCode: 401, code: 'REFRESH_TOKEN_REUSED', message: 'Session revoked' }, { status: 401 });
    }
    const auth = request.headers.get('authorization') ?? '';
    server.accessTokensSeen.push(auth);
    return auth === `Bearer ${fresh.accessToken}`
      ? Response.json({ ok: url.pathname })
      : Response.json({ statusCode: 401, code: 'UNAUTHORIZED', message: 'Token expired' }, { status: 401 });
  }) as unknown as typeof fetch;
}

describe('session refresh (spec §8)', () => {
  let server: FakeServer;

  beforeEach(() => {
    server = { refreshCalls: [], refreshSucceeds: true, accessTokensSeen: [] };
    installServer(server);
    configureProductApi({ baseUrl: 'http://api.test', clientKeyId: 'web-2026-11' });
    userStore.getState().setUser(learner);
  });

  it('refreshes once for 20 requests that fail with 401 together, then repeats each once', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => apiGet<{ ok: string }>(`v1/things/${i}`)));
    expect(results.map((result) => result.ok)).toEqual(Array.from({ length: 20 }, (_, i) => `/v1/things/${i}`));
    expect(server.refreshCalls).toEqual([stale.refreshToken]);
    expect(userStore.getState().user).toMatchObject({ tokens: fresh, learnerTokens: fresh });
    expect(server.accessTokensSeen.filter((auth) => auth === `Bearer ${fresh.accessToken}`)).toHaveLength(20);
  });

  it("uses the learner's stored refresh token before the user's token", async () => {
    userStore.getState().setUser({ ...learner, tokens: { ...stale, refreshToken: 'refresh-token-generic-000000' } });
    await apiGet('v1/things/1');
    expect(server.refreshCalls).toEqual([stale.refreshToken]);
  });

  it('clears the user and fails with Unauthorized when the refresh fails', async () => {
    server.refreshSucceeds = false;
    const sessionBefore = engagementSessionId();
    await expect(apiGet('v1/things/1')).rejects.toMatchObject({ statusCode: 401, message: 'Unauthorized' });
    expect(userStore.getState().user).toBeNull();
    expect(engagementSessionId()).not.toBe(sessionBefore);
  });

  it('fails with Unauthorized without calling refresh when there is no refresh token', async () => {
    userStore.getState().clearUser();
    await expect(apiGet('v1/things/1')).rejects.toMatchObject({ statusCode: 401, message: 'Unauthorized' });
    expect(server.refreshCalls).toEqual([]);
  });

  it('sends the client identifier, version and key id', async () => {
    server.refreshSucceeds = true;
    userStore.getState().setUser({ ...learner, tokens: fresh, learnerTokens: fresh });
    await apiGet('v1/things/1');
    const request = (global.fetch as jest.Mock).mock.calls[0][0] as Request;
    expect(request.headers.get('x-client')).toMatch(/^learner-(web|mweb)$/);
    expect(request.headers.get('x-client-version')).toBe('0.0.1');
    expect(request.headers.get('x-client-key-id')).toBe('web-2026-11');
  });
});
