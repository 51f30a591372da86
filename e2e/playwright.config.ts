import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * The suite runs against the composed production build on ports of its own, so it can
 * run while `npm start` is serving the usual ones. Each run gets a fresh embedded
 * database, seeded deterministically on start.
 */
export const e2ePorts = {
  shell: 4100,
  mfe_discover: 4101,
  mfe_enquiry: 4102,
  mfe_payments: 4103,
  mfe_sessions: 4104,
  /** The payments remote's candidate build (staged rollout, docs/payments-rollout.md). */
  mfe_payments_candidate: 4105,
  api: 4110,
} as const;

/** Opens the API's admin routes (feature flags) for the journeys that change a rollout. */
export const e2eAdminApiKey = 'e2e-admin-key-not-a-secret-0123456789';

/**
 * Most journeys are by a learner who already chose where they are, so the location
 * modals stay away; the location journey starts from a fresh browser instead.
 */
export const rememberedLocation = {
  address: 'Indiranagar, Bengaluru, Karnataka 560038',
  coords: { lat: 12.9784, lng: 77.6408 },
  pincode: '560038',
  source: 'picked',
};

// Kept in the environment, so the test workers (which load this file again) read the same
// folder: the API's outbox file, where journeys read sign-in codes, is in it.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `kalike-e2e-${Date.now()}`);
/** The run's own folder: the API's database and outbox, and what the journeys keep between workers. */
export const dataDir = process.env.E2E_DATA_DIR;

/** Every text the API sends, one JSON line each (api/src/modules/sms/sms-sender.ts). */
export const smsOutboxFile = path.join(dataDir, 'sms-outbox.jsonl');

export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  projects: [
    { name: 'journeys', testIgnore: /moved-clock\// },
    // Moves the API's clock days ahead (TESTING_ROUTES): after every other journey, never beside one.
    { name: 'moved-clock', testMatch: /moved-clock\/.*\.spec\.ts$/, dependencies: ['journeys'] },
    // A 390 px walk through every main route that reports what it finds (npm run sweep:phone): asked for, never part of the suite.
    ...(process.env.PHONE_SWEEP_DIR ? [{ name: 'phone-sweep', testDir: './sweep', timeout: 300_000 }] : []),
  ],
  use: {
    baseURL: `http://127.0.0.1:${e2ePorts.shell}`,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 412, height: 823 },
    storageState: {
      cookies: [
        {
          name: 'kalike_location',
          value: encodeURIComponent(JSON.stringify(rememberedLocation)),
          domain: '127.0.0.1',
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [],
    },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    // The suite's own settings only: a developer's .env must not reach it.
    command: 'node ../scripts/start.mjs --skip-install --skip-build --no-env-file',
    url: `http://127.0.0.1:${e2ePorts.api}/health`,
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      SHELL_PORT: String(e2ePorts.shell),
      DISCOVER_PORT: String(e2ePorts.mfe_discover),
      ENQUIRY_PORT: String(e2ePorts.mfe_enquiry),
      PAYMENTS_PORT: String(e2ePorts.mfe_payments),
      SESSIONS_PORT: String(e2ePorts.mfe_sessions),
      PAYMENTS_CANDIDATE_PORT: String(e2ePorts.mfe_payments_candidate),
      API_PORT: String(e2ePorts.api),
      ADMIN_API_KEY: e2eAdminApiKey,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The browser, the API and six web origins share this machine's cores: the journeys check
      // what server-rendered pages hold, not how fast the data came (measure:first-teacher does).
      SERVER_RENDER_BUDGET_MS: '5000',
      // The moved-clock journey moves the API's clock and runs its background work on demand.
      TESTING_ROUTES: 'on',
    },
  },
});
