import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

import config, { e2ePorts } from '../playwright.config';

// The app can be installed from /discover (docs/installable-app.md), and its service worker
// never stands between the shell and fresh federation documents.

const shellOrigin = `http://127.0.0.1:${e2ePorts.shell}`;

test('Chromium finds the app installable on /discover, and the worker leaves remotes.json to the network', async ({ playwright }) => {
  // A profile of its own on disk: Chromium never calls a page in an off-the-record context (what
  // a test's usual context is) installable.
  const profile = mkdtempSync(path.join(os.tmpdir(), 'kalike-installable-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...config.use?.launchOptions,
    headless: true,
    baseURL: shellOrigin,
    viewport: { width: 412, height: 823 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/discover');
    await expect(page.locator('#page-content h1').first()).toBeVisible();

    // The worker registers after the page has loaded and takes the page over once active.
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 15_000 }).toBe('activated');
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(`${shellOrigin}/service-worker.js`);

    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(manifest.url).toBe(`${shellOrigin}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
    expect(installabilityErrors).toEqual([]);

    // After a reload under the worker, the registry still comes from the network, not a cache.
    const registry = page.waitForResponse((response) => response.url() === `${shellOrigin}/remotes.json`);
    await page.reload();
    const answer = await registry;
    expect(answer.status()).toBe(200);
    expect(answer.fromServiceWorker()).toBe(false);
    await expect(page.locator('#page-content h1').first()).toBeVisible();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a page that cannot be fetched offline shows the offline page', async ({ page, context }) => {
  await page.goto('/discover');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 }).toBe(true);
  await context.setOffline(true);
  await page.goto('/updates').catch(() => undefined);
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();
  await context.setOffline(false);
});
