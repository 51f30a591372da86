import { buildTestApp, type TestApp } from '../../testing/build-test-app';

describe('the testing routes', () => {
  test('are not there unless TESTING_ROUTES is on', async () => {
    const testApp = await buildTestApp({ seed: false });
    try {
      expect((await testApp.app.inject({ method: 'POST', url: '/v1/testing/clock', payload: { advanceMs: 1000 } })).statusCode).toBe(404);
      expect((await testApp.app.inject({ method: 'POST', url: '/v1/testing/background-pass' })).statusCode).toBe(404);
    } finally {
      await testApp.close();
    }
  });

  describe('with TESTING_ROUTES on', () => {
    let testApp: TestApp;
    const base = new Date('2025-06-02T03:30:00.000Z');

    beforeAll(async () => {
      testApp = await buildTestApp({ seed: false, testingRoutes: true, now: () => base });
    });

    afterAll(async () => {
      await testApp.close();
    });

    test("move the app's clock to a time or by an amount", async () => {
      const set = await testApp.app.inject({ method: 'POST', url: '/v1/testing/clock', payload: { at: '2025-06-05T12:30:00.000Z' } });
      expect(set.json()).toEqual({ now: '2025-06-05T12:30:00.000Z' });
      expect(testApp.app.clock().toISOString()).toBe('2025-06-05T12:30:00.000Z');
      const moved = await testApp.app.inject({ method: 'POST', url: '/v1/testing/clock', payload: { advanceMs: 3_600_000 } });
      expect(moved.json()).toEqual({ now: '2025-06-05T13:30:00.000Z' });
      expect((await testApp.app.inject({ method: 'POST', url: '/v1/testing/clock', payload: { at: 'tomorrow' } })).statusCode).toBe(400);
    });

    test('run one pass of every background task and answer when it is done', async () => {
      const response = await testApp.app.inject({ method: 'POST', url: '/v1/testing/background-pass' });
      expect(response.statusCode).toBe(200);
      const { tasks } = response.json() as { tasks: { name: string; ok: boolean }[] };
      expect(tasks.map((task) => task.name)).toEqual(testApp.app.background.tasks.map((task) => task.name));
      expect(tasks.map((task) => task.name)).toContain('deliver-notifications');
    });
  });
});
