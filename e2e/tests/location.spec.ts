import { expect, test } from '@playwright/test';

test.use({ storageState: { cookies: [], origins: [] } });

test('a first visit is welcomed, and "Show in Bengaluru" is remembered', async ({ page }) => {
  await page.goto('/discover');
  const welcome = page.getByRole('dialog');
  await expect(welcome.getByText('Discover and connect with top teachers near you.')).toBeVisible();
  await expect(welcome.getByText('Currently live only in Bengaluru.')).toBeVisible();
  await welcome.getByRole('button', { name: 'Show in Bengaluru' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Discover and connect with top teachers near you.', level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'kalike_location')?.expires).toBeGreaterThan(Date.now() / 1000 + 364 * 86400);
});

test('location denied leads to the map screen, and the chosen place brings the learner back', async ({ page }) => {
  await page.addInitScript(() =>
    localStorage.setItem('kalike.welcome-seen', JSON.stringify({ version: 1, seenAt: new Date().toISOString() })),
  );
  await page.goto('/categories');
  const modal = page.getByRole('dialog', { name: 'Where should we look for teachers?' });
  await expect(modal).toBeVisible();
  // No geolocation permission is granted to this browser, so the device says no.
  await modal.getByRole('button', { name: 'Use my current location' }).click();
  await expect(page).toHaveURL(`/map-screen?redirectTo=${encodeURIComponent('/categories')}`);

  await page.getByRole('combobox', { name: 'Search by locality or pincode' }).fill('Koramangla');
  await page.getByRole('option', { name: /Koramangala/ }).first().click();
  await page.getByRole('button', { name: 'Confirm this location' }).click();
  await expect(page).toHaveURL('/categories');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'kalike_location');
  expect(decodeURIComponent(cookie?.value ?? '')).toContain('Koramangala');
});

test('the Request Class bubble opens a class request from where the learner was', async ({ page, context }) => {
  await context.addCookies([
    { name: 'kalike_location', value: encodeURIComponent(JSON.stringify({ address: 'Jayanagar, Bengaluru', coords: { lat: 12.925, lng: 77.5938 }, pincode: '560041', source: 'picked' })), domain: '127.0.0.1', path: '/' },
  ]);
  await page.goto('/discover');
  const bubble = page.getByRole('button', { name: /Request Class/ });
  await expect(bubble).toBeVisible();
  await expect(page.getByText('Request Class', { exact: true })).toBeVisible();
  await expect(page.getByText('Request Class', { exact: true })).toBeHidden({ timeout: 6_000 });
  await bubble.click();
  await expect(page.getByText('Request Class', { exact: true })).toBeVisible();
  await bubble.click();
  await expect(page).toHaveURL(/\/enquiry\?refPage=(%2F|\/)discover&refSection=ask_general$/);
});
