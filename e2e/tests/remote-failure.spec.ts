import { expect, test } from '@playwright/test';

import { ComposedApp, knownPaymentRequests, remoteOrigin } from '../pages/composed-app';

test('a payments remote that is down shows a fallback, the rest keeps working, and "Try again" recovers', async ({ page }) => {
  const app = new ComposedApp(page);
  const blocked = `${remoteOrigin('mfe_payments')}/**`;
  await page.route(blocked, (route) => route.abort('connectionrefused'));

  await page.goto(`/payment-request/${knownPaymentRequests.open}`);
  await expect(page.getByRole('heading', { name: 'Payments could not be loaded' })).toBeVisible();
  await expect(app.mainNav()).toBeVisible();

  await app.goViaMenu('Categories');
  await expect(page.getByRole('heading', { name: 'What would you like to learn?' })).toBeVisible();
  await app.expectSharedSingletons('mfe_discover');

  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Payments could not be loaded' })).toBeVisible();
  await page.unroute(blocked);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Payment request' })).toBeVisible();
  await app.expectSharedSingletons('mfe_payments');
});

test('a remote whose manifest is broken does not take the shell down', async ({ page }) => {
  await page.route(`${remoteOrigin('mfe_sessions')}/mf-manifest.json`, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"broken":' }),
  );
  await page.goto('/updates');
  await expect(page.getByRole('heading', { name: 'Sessions and updates could not be loaded' })).toBeVisible();
  await page.getByRole('link', { name: 'Kalike' }).click();
  await expect(page.getByRole('heading', { name: 'Discover and connect with top teachers near you.' })).toBeVisible();
});

test.describe('a remote moved in the registry', () => {
  // The move happens in the browser only, so the shell's Content-Security-Policy (built by the
  // server from its own registry, and checked in security-headers.spec.ts) cannot list the new
  // origin; this journey is about the registry alone.
  test.use({ bypassCSP: true });

  test('the shell finds remotes through its runtime registry, so a remote can move without a shell rebuild', async ({ page }) => {
    // Serve the discover remote from another origin (localhost instead of 127.0.0.1).
    const movedEntry = remoteOrigin('mfe_discover').replace('127.0.0.1', 'localhost') + '/mf-manifest.json';
    await page.route('**/remotes.json', async (route) => {
      const response = await route.fetch();
      const registry = await response.json();
      registry.remotes.mfe_discover.entry = movedEntry;
      await route.fulfill({ response, json: registry });
    });
    const scriptUrls: string[] = [];
    page.on('request', (request) => scriptUrls.push(request.url()));
    await page.goto('/categories');
    await expect(page.getByRole('heading', { name: 'What would you like to learn?' })).toBeVisible();
    expect(scriptUrls.some((url) => url.startsWith(new URL(movedEntry).origin))).toBe(true);
  });
});

test('a slow remote shows a loading state inside the layout, then its page', async ({ page }) => {
  await page.route(`${remoteOrigin('mfe_payments')}/mf-manifest.json`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await route.continue();
  });
  await page.goto(`/payment-request/${knownPaymentRequests.open}`);
  await expect(page.getByRole('status', { name: 'Loading Payments' })).toBeVisible();
  await expect(new ComposedApp(page).mainNav()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment request' })).toBeVisible();
});
