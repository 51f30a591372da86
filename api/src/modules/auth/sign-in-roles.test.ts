import type { InjectOptions } from 'fastify';
import { wellKnownLearners, wellKnownTeacher } from '../../db/seed/accounts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { latestCode, signIn } from '../../testing/sign-in';

/** The claims of an access token, read without checking it (the API checks; the test only looks). */
function claimsOf(accessToken: string): Record<string, unknown> {
  const payload = accessToken.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('auth: the role belongs to the sign-in, not the phone', () => {
  let testApp: TestApp;
  let clock = new Date('2025-06-02T04:30:00Z');
  let phoneCounter = 0;
  const newPhone = () => `+9198452${String(10_000 + phoneCounter++).padStart(5, '0')}`;
  let ipCounter = 0;
  const newIp = () => `10.2.${Math.floor(ipCounter / 200)}.${(ipCounter++ % 200) + 1}`;

  beforeAll(async () => {
    testApp = await buildTestApp({ now: () => new Date(clock) });
  });

  afterAll(async () => {
    await testApp.close();
  });

  // The seeded teacher signs in in several tests: past the 15-minute window of 3 codes per number.
  beforeEach(() => {
    clock = new Date(clock.getTime() + 16 * 60_000);
  });

  const inject = (options: InjectOptions) => testApp.app.inject(options);
  const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
  const switchRole = (accessToken: string, role: unknown) =>
    inject({ method: 'POST', url: '/v1/auth/switch-role', headers: bearer(accessToken), payload: { role } });
  const whoAmI = (accessToken: string) => inject({ method: 'GET', url: '/v1/auth/verify', headers: bearer(accessToken) });
  const teacherInbox = (accessToken: string) => inject({ method: 'GET', url: '/v1/marketplace/enquiries/teacher/inbox', headers: bearer(accessToken) });
  const learnerUpdates = (accessToken: string) => inject({ method: 'GET', url: '/v1/learners/updates', headers: bearer(accessToken) });
  const refresh = (token: string) => inject({ method: 'POST', url: '/v1/auth/refresh', payload: { token } });
  const logout = (token: string) => inject({ method: 'POST', url: '/v1/auth/logout', payload: { token } });
  const join = (accessToken: string, name: string) =>
    inject({ method: 'POST', url: '/v1/teachers/join', headers: bearer(accessToken), payload: { name, categoryId: categoryId() } });
  let firstCategoryId = '';
  const categoryId = () => firstCategoryId;

  beforeAll(async () => {
    const category = await testApp.db.selectFrom('categories').select('id').orderBy('sort_order').executeTakeFirstOrThrow();
    firstCategoryId = category.id;
  });

  /** A new phone that signed in as a learner and joined as a teacher: its learner pair and its teacher pair. */
  async function learnerWhoTeaches() {
    const learner = await signIn(testApp.app, newPhone(), newIp());
    const joined = await join(learner.tokens.accessToken, 'Kavya Iyer');
    expect(joined.statusCode).toBe(201);
    return { learner, teacher: joined.json() as { user: typeof learner.user; tokens: typeof learner.tokens } };
  }

  test('a seeded teacher signs in as a Teacher and a seeded learner as a Learner, as before', async () => {
    const teacher = await signIn(testApp.app, wellKnownTeacher.phone, newIp());
    expect(teacher.user).toMatchObject({ userType: 'Teacher', teacher: { id: expect.any(String) }, learnerAccount: null });
    expect(claimsOf(teacher.tokens.accessToken)).toMatchObject({ typ: 'Teacher', tid: teacher.user.teacher?.id, lid: null });
    expect((await teacherInbox(teacher.tokens.accessToken)).statusCode).toBe(200);

    const learner = await signIn(testApp.app, wellKnownLearners.asha.phone, newIp());
    expect(learner.user).toMatchObject({ userType: 'Learner', teacher: null, learnerAccount: { id: wellKnownLearners.asha.accountId } });
    expect(claimsOf(learner.tokens.accessToken)).toMatchObject({ typ: 'Learner', lid: wellKnownLearners.asha.accountId, tid: null });
    expect((await learnerUpdates(learner.tokens.accessToken)).statusCode).toBe(200);
    expect((await teacherInbox(learner.tokens.accessToken)).statusCode).toBe(403);
  });

  test('switching: a learner who joined gets tokens of each role, and each reaches only its own routes', async () => {
    const { learner, teacher } = await learnerWhoTeaches();
    expect(teacher.user.userType).toBe('Teacher');
    expect(claimsOf(teacher.tokens.accessToken)).toMatchObject({ typ: 'Teacher', lid: null, tid: teacher.user.teacher?.id });

    // The learner sign-in is untouched by joining, and still a learner's even though the phone now teaches.
    const learnerAccess = learner.tokens.accessToken;
    expect((await whoAmI(learnerAccess)).json().user).toMatchObject({ userType: 'Learner', teacher: { id: teacher.user.teacher?.id } });
    expect((await learnerUpdates(learnerAccess)).statusCode).toBe(200);
    const forbidden = await teacherInbox(learnerAccess);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: expect.any(String) });

    // The teacher sign-in reaches the teacher's routes and not the learner's.
    expect((await teacherInbox(teacher.tokens.accessToken)).statusCode).toBe(200);
    expect((await learnerUpdates(teacher.tokens.accessToken)).statusCode).toBe(403);

    // Switching from the learner sign-in to Teacher: a third sign-in, the first two stay valid.
    const toTeacher = await switchRole(learnerAccess, 'Teacher');
    expect(toTeacher.statusCode).toBe(200);
    expect(toTeacher.json().user).toMatchObject({ userType: 'Teacher', learnerAccount: { id: learner.user.learnerAccount?.id } });
    expect((await teacherInbox(toTeacher.json().tokens.accessToken)).statusCode).toBe(200);
    const toLearner = await switchRole(teacher.tokens.accessToken, 'Learner');
    expect(toLearner.statusCode).toBe(200);
    expect(toLearner.json().user).toMatchObject({ userType: 'Learner', learnerAccount: { id: learner.user.learnerAccount?.id } });
    for (const access of [learnerAccess, toLearner.json().tokens.accessToken]) expect((await learnerUpdates(access)).statusCode).toBe(200);
  });

  test('a seeded teacher switching to learning gets a learner account, once', async () => {
    const teacher = await signIn(testApp.app, wellKnownTeacher.phone, newIp());
    const first = await switchRole(teacher.tokens.accessToken, 'Learner');
    expect(first.statusCode).toBe(200);
    const accountId = first.json().user.learnerAccount?.id as string;
    expect(accountId).toEqual(expect.any(String));
    expect(claimsOf(first.json().tokens.accessToken)).toMatchObject({ typ: 'Learner', lid: accountId, tid: null });
    expect((await learnerUpdates(first.json().tokens.accessToken)).statusCode).toBe(200);
    expect((await teacherInbox(first.json().tokens.accessToken)).statusCode).toBe(403);

    const second = await switchRole(teacher.tokens.accessToken, 'Learner');
    expect(second.json().user.learnerAccount?.id).toBe(accountId);
    // A later sign-in without a role still answers the teacher's, as before.
    expect((await signIn(testApp.app, wellKnownTeacher.phone, newIp())).user.userType).toBe('Teacher');
  });

  test('switching to Teacher without a teacher profile is 403 with a sentence; the same role or no role is 400', async () => {
    const learner = await signIn(testApp.app, newPhone(), newIp());
    const refused = await switchRole(learner.tokens.accessToken, 'Teacher');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ statusCode: 403, code: 'NOT_A_TEACHER', message: expect.stringMatching(/Join as a teacher/) });

    const same = await switchRole(learner.tokens.accessToken, 'Learner');
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ code: 'SAME_ROLE', message: 'You are already signed in as a learner.' });
    for (const role of ['Admin', undefined, 'teacher']) expect((await switchRole(learner.tokens.accessToken, role)).statusCode).toBe(400);
    expect((await inject({ method: 'POST', url: '/v1/auth/switch-role', payload: { role: 'Teacher' } })).statusCode).toBe(401);
  });

  test('a refresh keeps the role of its sign-in', async () => {
    const { learner, teacher } = await learnerWhoTeaches();
    const refreshedTeacher = await refresh(teacher.tokens.refreshToken);
    expect(refreshedTeacher.statusCode).toBe(200);
    expect(claimsOf(refreshedTeacher.json().accessToken)).toMatchObject({ typ: 'Teacher', lid: null });
    expect((await teacherInbox(refreshedTeacher.json().accessToken)).statusCode).toBe(200);

    // The phone's default is Teacher now, yet the learner's sign-in refreshes as a learner.
    const refreshedLearner = await refresh(learner.tokens.refreshToken);
    expect(claimsOf(refreshedLearner.json().accessToken)).toMatchObject({ typ: 'Learner', tid: null });
    expect((await teacherInbox(refreshedLearner.json().accessToken)).statusCode).toBe(403);
  });

  test('logging out of one role leaves the other signed in', async () => {
    const { learner, teacher } = await learnerWhoTeaches();
    expect((await logout(teacher.tokens.refreshToken)).statusCode).toBe(204);
    expect((await whoAmI(teacher.tokens.accessToken)).statusCode).toBe(401);
    expect((await refresh(teacher.tokens.refreshToken)).statusCode).toBe(401);
    expect((await whoAmI(learner.tokens.accessToken)).statusCode).toBe(200);
    expect((await refresh(learner.tokens.refreshToken)).statusCode).toBe(200);
  });

  test('verify takes a role: a teacher may sign in as a learner; Teacher for a learner is 403 and keeps the code', async () => {
    const phone = newPhone();
    await signIn(testApp.app, phone, newIp());
    const requested = await inject({ method: 'POST', url: '/v1/auth/otp/request', payload: { phone }, remoteAddress: newIp() });
    const { requestId } = requested.json();
    const code = await latestCode(testApp.app, phone);
    const verify = (role?: string) => inject({ method: 'POST', url: '/v1/auth/otp/verify', payload: { requestId, phone, code, ...(role ? { role } : {}) } });
    const refused = await verify('Teacher');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'NOT_A_TEACHER' });
    const asLearner = await verify('Learner');
    expect(asLearner.statusCode).toBe(200);
    expect(asLearner.json().user.userType).toBe('Learner');

    const teacherPhone = wellKnownTeacher.phone;
    const again = await inject({ method: 'POST', url: '/v1/auth/otp/request', payload: { phone: teacherPhone }, remoteAddress: newIp() });
    const teacherCode = await latestCode(testApp.app, teacherPhone);
    const teacherAsLearner = await inject({
      method: 'POST',
      url: '/v1/auth/otp/verify',
      payload: { requestId: again.json().requestId, phone: teacherPhone, code: teacherCode, role: 'Learner' },
    });
    expect(teacherAsLearner.statusCode).toBe(200);
    expect(teacherAsLearner.json().user).toMatchObject({
      userType: 'Learner',
      teacher: { id: expect.any(String) },
      learnerAccount: { id: expect.any(String) },
    });
    expect((await teacherInbox(teacherAsLearner.json().tokens.accessToken)).statusCode).toBe(403);
  });

  test('each sign-in records its role, and its refresh issues that role', async () => {
    const { tokens } = await signIn(testApp.app, wellKnownTeacher.phone, newIp());
    const family = await testApp.db.selectFrom('refresh_token_families').select('role').orderBy('created_at', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(family.role).toBe('Teacher');
    expect(claimsOf((await refresh(tokens.refreshToken)).json().accessToken)).toMatchObject({ typ: 'Teacher' });
  });
});
