import { apiGet } from '@kalike/shared/api/client';
import { configureProductApi } from '@kalike/shared/auth/configure-api';
import { accessTokenExpiry, switchRole } from '@kalike/shared/auth/switch-role';
import { queryClient } from '@kalike/shared/query/query-client';
import { installFakeApi, json } from '@kalike/shared/testing/fake-api';
import { userStore, type CurrentUser } from '@kalike/shared/user/user-store';

const jwt = (exp: number) => `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.signature`;
const now = Date.parse('2026-11-26T10:00:00Z');
const live = (label: string) => ({ accessToken: jwt(now / 1000 + 600), refreshToken: `refresh-${label}-000000000000000000` });
const learnerPair = live('learner');
const teacherPair = live('teacher');
const asha: CurrentUser = {
  userType: 'Learner',
  learnerAccount: { id: 'la-1', name: 'Asha Rao' },
  teacher: { id: 't-1', name: 'Asha Rao' },
  isAdmin: false,
  tokens: learnerPair,
  learnerTokens: learnerPair,
  teacherTokens: teacherPair,
};

describe('switching role', () => {
  beforeEach(() => {
    configureProductApi({ baseUrl: 'http://api.test' });
    queryClient.setQueryData(['enquiries', 'mine'], { private: true });
  });
  afterEach(() => userStore.getState().clearUser());

  it('reads when an access token runs out, and nothing from one that is not a JWT', () => {
    expect(accessTokenExpiry(jwt(1_800_000_000))).toBe(1_800_000_000_000);
    expect(accessTokenExpiry('access-token-for-tests-0001')).toBeUndefined();
  });

  it("is one step from a stored pair: no call, the cache cleared, the other role's token and client id from then on", async () => {
    userStore.getState().setUser(asha);
    const seen: { authorization: string | null; client: string | null }[] = [];
    const fake = installFakeApi({
      'GET /v1/things': (request) => {
        seen.push({ authorization: request.headers.get('authorization'), client: request.headers.get('x-client') });
        return json({ ok: true });
      },
    });
    await switchRole('Teacher', () => now);
    expect(fake).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(['enquiries', 'mine'])).toBeUndefined();
    expect(userStore.getState().user).toMatchObject({ userType: 'Teacher', tokens: teacherPair, learnerTokens: learnerPair });

    await apiGet('v1/things');
    await switchRole('Learner', () => now);
    await apiGet('v1/things');
    expect(seen).toEqual([
      { authorization: `Bearer ${teacherPair.accessToken}`, client: expect.stringMatching(/^teacher-(web|mweb)$/) },
      { authorization: `Bearer ${learnerPair.accessToken}`, client: expect.stringMatching(/^learner-(web|mweb)$/) },
    ]);
  });

  it("refreshes a stored pair that has run out, as the other role's app, before using it", async () => {
    const expired = { accessToken: jwt(now / 1000 - 60), refreshToken: 'refresh-expired-0000000000000' };
    userStore.getState().setUser({ ...asha, teacherTokens: expired });
    const refreshed = live('refreshed');
    const refreshes: { token: string; client: string | null }[] = [];
    installFakeApi({
      'POST /v1/auth/refresh': async (request) => {
        refreshes.push({ token: ((await request.json()) as { token: string }).token, client: request.headers.get('x-client') });
        return json({ ...refreshed, accessTokenExpiresAt: '2026-11-26T10:15:00.000Z' });
      },
    });
    await switchRole('Teacher', () => now);
    expect(refreshes).toEqual([{ token: expired.refreshToken, client: expect.stringMatching(/^teacher-/) }]);
    expect(userStore.getState().user).toMatchObject({ userType: 'Teacher', tokens: refreshed, teacherTokens: refreshed, learnerTokens: learnerPair });
  });

  it('asks the API for a sign-in in the other role when none is stored, or the stored one has ended', async () => {
    const ended = { accessToken: jwt(now / 1000 - 60), refreshToken: 'refresh-ended-000000000000000' };
    userStore.getState().setUser({ ...asha, teacherTokens: ended });
    const newPair = live('new-teacher');
    const switches: { body: unknown; authorization: string | null }[] = [];
    installFakeApi({
      'POST /v1/auth/refresh': () => json({ statusCode: 401, code: 'INVALID_REFRESH_TOKEN', message: 'Sign in again' }, 401),
      'POST /v1/auth/switch-role': async (request) => {
        switches.push({ body: await request.json(), authorization: request.headers.get('authorization') });
        return json({
          user: {
            userType: 'Teacher',
            learnerAccount: { id: 'la-1', name: 'Asha Rao', isCustomer: false },
            teacher: { id: 't-1', name: 'Asha Rao' },
            isAdmin: false,
          },
          tokens: { ...newPair, accessTokenExpiresAt: '2026-11-26T10:15:00.000Z' },
        });
      },
    });
    await switchRole('Teacher', () => now);
    expect(switches).toEqual([{ body: { role: 'Teacher' }, authorization: `Bearer ${learnerPair.accessToken}` }]);
    expect(userStore.getState().user).toMatchObject({ userType: 'Teacher', tokens: newPair, teacherTokens: newPair, learnerTokens: learnerPair });
    expect(queryClient.getQueryData(['enquiries', 'mine'])).toBeUndefined();
  });

  it('a refusal changes nothing and keeps the cache', async () => {
    userStore.getState().setUser({ ...asha, teacher: null, teacherTokens: null });
    installFakeApi({
      'POST /v1/auth/switch-role': () => json({ statusCode: 403, code: 'NOT_A_TEACHER', message: 'This phone number has no teacher account yet.' }, 403),
    });
    await expect(switchRole('Teacher', () => now)).rejects.toMatchObject({ code: 'NOT_A_TEACHER' });
    expect(userStore.getState().user).toMatchObject({ userType: 'Learner', tokens: learnerPair });
    expect(queryClient.getQueryData(['enquiries', 'mine'])).toEqual({ private: true });
  });
});
