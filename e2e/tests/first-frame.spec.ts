import { expect, test, type Page } from '@playwright/test';

/**
 * index.html paints the header and the opening lines of the discover page before any
 * JavaScript runs (docs/performance.md). That frame is only a win if the app, once it
 * has rendered, puts the very same text in the very same place: otherwise the page
 * jumps, and the real heading counts as a later, larger paint.
 */
async function boxes(page: Page, selectors: Record<string, string>) {
  const result: Record<string, { text: string; box: unknown }> = {};
  for (const [name, selector] of Object.entries(selectors)) {
    const element = page.locator(selector).first();
    result[name] = { text: (await element.textContent())?.replace(/\s+/g, '') ?? '', box: await element.boundingBox() };
  }
  return result;
}

for (const path of ['/', '/discover']) {
  test(`${path}: the first frame matches the rendered page to the pixel`, async ({ page }) => {
    // Without the app's JavaScript, only the first frame is on screen.
    await page.route('**/main.js', (route) => route.abort());
    await page.goto(path);
    await expect(page.locator('#first-frame')).toBeVisible();
    const frame = await boxes(page, {
      heading: '#first-frame h1',
      intro: '#first-frame p',
      logo: '#first-frame .ff-logo',
      nav: '#first-frame .ff-nav',
      account: '#first-frame .ff-account',
    });
    await page.unroute('**/main.js');

    await page.goto(path);
    await expect(page.locator('[data-remote="mfe_discover"] h1')).toBeVisible();
    await expect(page.locator('#first-frame')).toHaveCount(0);
    const rendered = await boxes(page, {
      heading: '[data-remote="mfe_discover"] h1',
      intro: '[data-remote="mfe_discover"] h1 + p',
      logo: 'header a[href="/"]',
      nav: 'nav[aria-label="Main"]',
      account: 'header a[href^="/login"]',
    });
    expect(rendered).toEqual(frame);
  });
}

test('pages the first frame was not drawn from start with the app itself', async ({ page }) => {
  await page.route('**/main.js', (route) => route.abort());
  await page.goto('/categories');
  await expect(page.locator('#first-frame')).toHaveCount(0);
});
