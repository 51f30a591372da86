import { expect, test, type Page } from '@playwright/test';

import { openAndSettle } from '../pages/main-routes';

test.use({ viewport: { width: 390, height: 844 } });

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search teachers, subjects or areas' });

test.describe('searching from the home page', () => {
  test("the home page's search bar opens the search with the caret in its box: typing finds teachers", async ({ page }) => {
    await openAndSettle(page, '/');
    await page.getByRole('link', { name: 'Search teachers, subjects or areas' }).click();
    await expect(page).toHaveURL('/search');
    await expect(searchBox(page)).toBeFocused();
    await page.keyboard.type('guitar');
    await expect(searchBox(page)).toHaveValue('guitar');
    await expect(page).toHaveURL(/[?&]q=guitar(&|$)/);
    await expect(page.getByRole('list', { name: 'Teachers for “guitar”' })).toBeVisible();
  });

  test('a direct visit to /search?q=… starts on nothing in particular, not in the box', async ({ page }) => {
    await openAndSettle(page, '/search?q=guitar');
    await expect(searchBox(page)).not.toBeFocused();
  });

  test('the search placeholder is shown whole on a 360 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await openAndSettle(page, '/search');
    const fits = await searchBox(page).evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text: context.measureText(input.placeholder).width, room };
    });
    expect(fits.text).toBeLessThanOrEqual(fits.room);
  });

  test("letters typed into the server's search box while its code is still loading are kept", async ({ page }) => {
    // Hold the page's scripts back, so the box the server drew is typed into before React takes it over.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.js(\?|$)/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/search', { waitUntil: 'commit' });
    await searchBox(page).pressSequentially('gu');
    release();
    await page.waitForLoadState('networkidle');
    await expect(searchBox(page)).toHaveValue('gu');
    await searchBox(page).pressSequentially('itar');
    await expect(searchBox(page)).toHaveValue('guitar');
    await expect(page).toHaveURL(/[?&]q=guitar(&|$)/);
    await expect(page.getByRole('list', { name: 'Teachers for “guitar”' })).toBeVisible();
  });
});
