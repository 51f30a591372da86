import { buildTestApp } from './testing/build-test-app';

describe('the composition root', () => {
  test('reads no environment: settings come only from the configuration the app is built with', async () => {
    const key = 'admin-key-from-the-environment-0123';
    process.env.ADMIN_API_KEY = key;
    try {
      const testApp = await buildTestApp({ seed: false });
      try {
        const response = await testApp.app.inject({ method: 'GET', url: '/v1/admin/features', headers: { authorization: `Bearer ${key}` } });
        expect(response.statusCode).toBe(404);
      } finally {
        await testApp.close();
      }
    } finally {
      delete process.env.ADMIN_API_KEY;
    }
  });

  test('one clock for the app, and the background work built from the same services as the routes', async () => {
    const at = new Date('2026-03-04T05:06:07.000Z');
    const testApp = await buildTestApp({ seed: false, now: () => at });
    try {
      expect(testApp.app.clock()).toBe(at);
      expect(testApp.app.background.tasks.map((task) => task.name)).toEqual([
        'expire-enquiries',
        'deliver-messages',
        'expire-orders',
        'retry-refunds',
        'release-seat-holds',
        'generate-sessions',
        'warn-lapsing-packs',
        'raise-reminders',
        'payouts',
        'deliver-notifications',
        'prune-rate-limit-counters',
        'prune-page-changes',
      ]);
      expect(testApp.app.background.tasks).toContain(testApp.app.background.generateSessions);
      // The sweep reads the app's clock, not one of its own.
      await testApp.app.background.generateSessions.run();
      expect(testApp.app.background.generateSessions.lastRun()?.at).toBe(at);
    } finally {
      await testApp.close();
    }
  });
});
