import { wellKnownLearners, wellKnownTeacher } from '../db/seed/accounts';
import { buildTestApp, type TestApp } from '../testing/build-test-app';
import { signIn } from '../testing/sign-in';
import { learnersOnly, signedInRoutes, teachersOnly, userOf } from './auth';

describe('signed-in route groups', () => {
  let testApp: TestApp;
  let learner: string;
  let teacher: string;

  beforeAll(async () => {
    testApp = await buildTestApp({
      beforeReady: async (app) => {
        app.get('/test/public', async (request) => ({ user: request.user }));
        await app.register(async (scope) => {
          const anyone = signedInRoutes(scope);
          anyone.get('/test/anyone', async (request) => ({ userType: userOf(request).userType }));
        });
        await app.register(async (scope) => {
          const learners = signedInRoutes(scope, learnersOnly('Only learners may see this'));
          learners.get('/test/learners', async (request) => ({ id: userOf(request).learnerAccountId }));
        });
        await app.register(async (scope) => {
          const teachers = signedInRoutes(scope, teachersOnly('Only teachers may see this'));
          teachers.get('/test/teachers', async (request) => ({ id: userOf(request).teacherId }));
        });
      },
    });
    learner = (await signIn(testApp.app, wellKnownLearners.asha.phone)).tokens.accessToken;
    teacher = (await signIn(testApp.app, wellKnownTeacher.phone)).tokens.accessToken;
  });

  afterAll(async () => {
    await testApp.close();
  });

  const get = (url: string, token?: string) => testApp.app.inject({ method: 'GET', url, ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}) });

  test('every route of a group answers 401 without a valid token, with the same body and header as before', async () => {
    for (const url of ['/test/anyone', '/test/learners', '/test/teachers']) {
      for (const token of [undefined, 'not-a-token']) {
        const response = await get(url, token);
        expect({ url, status: response.statusCode, body: response.json() }).toEqual({
          url,
          status: 401,
          body: { statusCode: 401, code: 'UNAUTHORIZED', message: 'Sign in to continue' },
        });
        expect(response.headers['www-authenticate']).toBe('Bearer');
      }
    }
  });

  test("a role's group answers 403 with its own sentence to the other role, and lets its own role through", async () => {
    expect((await get('/test/learners', teacher)).json()).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: 'Only learners may see this' });
    expect((await get('/test/teachers', learner)).json()).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: 'Only teachers may see this' });
    expect((await get('/test/learners', learner)).json()).toEqual({ id: expect.any(String) });
    expect((await get('/test/teachers', teacher)).json()).toEqual({ id: expect.any(String) });
    expect((await get('/test/anyone', teacher)).json()).toEqual({ userType: 'Teacher' });
  });

  test('the hooks stay inside their group: a route outside it is public', async () => {
    expect((await get('/test/public')).json()).toEqual({ user: null });
  });

  test("the product's groups keep their sentences: a teacher asking for a learner's updates", async () => {
    const response = await get('/v1/learners/updates', teacher);
    expect(response.json()).toEqual({ statusCode: 403, code: 'FORBIDDEN', message: 'Only learners have updates' });
  });
});
