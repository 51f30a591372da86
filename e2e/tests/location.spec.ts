import { expect, test, type Page } from '@playwright/test';

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

/** A phone in Jayanagar (seeded locality, 560041), far from the Bangalore Central default. */
const jayanagar = { latitude: 12.9309, longitude: 77.5839 };

const rememberedLocation = async (page: Page) => {
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'kalike_location');
  return JSON.parse(decodeURIComponent(cookie?.value ?? 'null')) as {
    address: string;
    pincode: string;
    source: string;
    coords: { lat: number; lng: number };
  } | null;
};

test.describe('a first visit with the device location allowed', () => {
  test.use({ geolocation: jayanagar, permissions: ['geolocation'] });

  test('offers the device location first and measures from where the phone is', async ({ page }) => {
    await page.goto('/discover');
    const welcome = page.getByRole('dialog', { name: 'Discover and connect with top teachers near you.' });
    await expect(welcome.getByRole('button', { name: 'Show in Bengaluru' })).toBeVisible();
    await welcome.getByRole('button', { name: 'Use my current location' }).click();

    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText(/^Near .*Jayanagar.*·/)).toBeVisible();
    expect(await rememberedLocation(page)).toMatchObject({
      pincode: '560041',
      source: 'device',
      coords: { lat: jayanagar.latitude, lng: jayanagar.longitude },
    });
  });

  test('the map screen offers it too, and goes back to where the learner was', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('kalike.welcome-seen', JSON.stringify({ version: 1, seenAt: new Date().toISOString() })));
    await page.goto(`/map-screen?redirectTo=${encodeURIComponent('/categories')}`);
    await page.getByRole('button', { name: 'Use my current location' }).click();
    await expect(page).toHaveURL('/categories');
    expect(await rememberedLocation(page)).toMatchObject({ pincode: '560041', source: 'device' });
  });
});

test('a first visit without location permission says why and falls back to Bengaluru', async ({ page }) => {
  await page.goto('/discover');
  const welcome = page.getByRole('dialog', { name: 'Discover and connect with top teachers near you.' });
  await welcome.getByRole('button', { name: 'Use my current location' }).click();
  // A browser with no permission granted either refuses at once or never answers (then the 5 s time-out speaks).
  await expect(welcome.getByRole('status')).toContainText(/Location is turned off for Kalike in this browser\.|did not share its location in time\./);
  await welcome.getByRole('button', { name: 'Show in Bengaluru' }).click();

  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText(/^Near Bangalore Central \(Bengaluru\)/)).toBeVisible();
  expect(await rememberedLocation(page)).toMatchObject({ pincode: '560001', source: 'default', coords: { lat: 12.98, lng: 77.59 } });
});

test('offline: the page says so, and a search made offline is answered when the connection is back', async ({ page, context }) => {
  await page.addInitScript(() => localStorage.setItem('kalike.welcome-seen', JSON.stringify({ version: 1, seenAt: new Date().toISOString() })));
  await page.goto('/map-screen');
  const search = page.getByRole('combobox', { name: 'Search by locality or pincode' });
  await expect(search).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByText('You are offline. Kalike will try again as soon as your connection is back.')).toBeVisible();
  await search.fill('Jayanagar');
  await page.waitForTimeout(1_000);
  await expect(page.getByRole('option')).toHaveCount(0);
  await expect(page.getByText('Something went wrong. Please try again!! wpw')).toHaveCount(0);

  await context.setOffline(false);
  await expect(page.getByRole('option', { name: /Jayanagar/ }).first()).toBeVisible();
  await expect(page.getByText('You are offline. Kalike will try again as soon as your connection is back.')).toHaveCount(0);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
});

test('location denied leads to the map screen, and the chosen place brings the learner back', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('kalike.welcome-seen', JSON.stringify({ version: 1, seenAt: new Date().toISOString() })));
  await page.goto('/categories');
  const modal = page.getByRole('dialog', { name: 'Where should we look for teachers?' });
  await expect(modal).toBeVisible();
  // No geolocation permission is granted to this browser, so the device says no.
  await modal.getByRole('button', { name: 'Use my current location' }).click();
  await expect(page).toHaveURL(`/map-screen?redirectTo=${encodeURIComponent('/categories')}`);

  await page.getByRole('combobox', { name: 'Search by locality or pincode' }).fill('Koramangla');
  await page
    .getByRole('option', { name: /Koramangala/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Confirm this location' }).click();
  await expect(page).toHaveURL('/categories');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'kalike_location');
  expect(decodeURIComponent(cookie?.value ?? '')).toContain('Koramangala');
});

test('the Request Class bubble opens a class request from where the learner was', async ({ page, context }) => {
  await context.addCookies([
    {
      name: 'kalike_location',
      value: encodeURIComponent(
        JSON.stringify({ address: 'Jayanagar, Bengaluru', coords: { lat: 12.925, lng: 77.5938 }, pincode: '560041', source: 'picked' }),
      ),
      domain: '127.0.0.1',
      path: '/',
    },
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
