import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { signInPageAs, signUpLearner, type SignedUpLearner } from '../pages/learners';
import { listingsNear, mainRoutes, openAndSettle, routesFor, shortlistListings, teacherWorkspaceUrls } from '../pages/main-routes';
import { teacherPhone } from '../pages/teachers';

const phone = { width: 360, height: 740 };
test.use({ viewport: phone });

/** Everything the header's menu leads to (shell/src/layout/main-menu.tsx). */
const destinations = ['Discover', 'Categories', 'Shortlist', 'Enquiries', 'My Classes', 'Sessions', 'Updates'];

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** On screen, whole: not cut off at either edge of the phone. */
async function expectWhollyOnScreen(page: Page, name: string, box: { x: number; width: number } | null) {
  expect.soft(box, `${name} is drawn`).not.toBeNull();
  if (!box) return;
  expect.soft(box.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
  expect.soft(box.x + box.width, `${name} ends on screen`).toBeLessThanOrEqual(phone.width);
}

async function expectHeaderReachesEverything(page: Page, url: string) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const menu = nav.getByRole('button', { name: 'Menu' });
  await expectWhollyOnScreen(page, `${url}: Menu`, await menu.boundingBox());
  await menu.click();
  for (const name of destinations) {
    const link = nav.getByRole('link', { name, exact: true });
    await expect.soft(link, `${url}: ${name} in the menu`).toBeVisible();
    await expectWhollyOnScreen(page, `${url}: ${name}`, await link.boundingBox());
  }
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
}

let shortlister: Promise<SignedUpLearner> | undefined;

/** A learner with three teachers to compare: the comparison is far wider than a phone. */
function learnerWithShortlist(request: APIRequestContext): Promise<SignedUpLearner> {
  shortlister ??= (async () => {
    const learner = await signUpLearner(request, 241);
    await shortlistListings(request, learner, (await listingsNear(request, 'guitar')).slice(0, 3));
    return learner;
  })();
  return shortlister;
}

for (const signedIn of [false, true]) {
  test(`no main route is wider than a 360 px phone, and the header reaches every destination, signed ${signedIn ? 'in' : 'out'}`, async ({ page, request }) => {
    test.setTimeout(180_000);
    if (signedIn) await signInPageAs(page, await learnerWithShortlist(request));
    for (const { url } of routesFor(await mainRoutes(request), signedIn)) {
      await openAndSettle(page, url);
      expect.soft(await pageWidth(page), `${url} is no wider than the phone`).toBeLessThanOrEqual(phone.width);
      await expectHeaderReachesEverything(page, url);
    }
  });
}

test("no page of the teacher's workspace is wider than a 360 px phone", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const teacher = await teacherPhone(browser, request);
  await teacher.page.setViewportSize(phone);
  for (const url of await teacherWorkspaceUrls(teacher.page, await mainRoutes(request))) {
    await openAndSettle(teacher.page, url);
    expect.soft(await pageWidth(teacher.page), `${url} is no wider than the phone`).toBeLessThanOrEqual(phone.width);
  }
  await teacher.close();
});

test('the shortlist comparison scrolls in its own keyboard-reachable region, and the page does not', async ({ page, request }) => {
  await signInPageAs(page, await learnerWithShortlist(request));
  await openAndSettle(page, '/discover');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shortlist', exact: true }).click();
  // Focus lands on the new page's heading.
  await expect(page.getByRole('heading', { name: 'Your shortlist', level: 1 })).toBeFocused();

  const region = page.getByRole('region', { name: 'Your shortlisted teachers compared' });
  await expect(region.getByRole('columnheader')).toHaveCount(3);
  expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
  const scroll = await region.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
  expect(scroll.scrollWidth).toBeGreaterThan(scroll.clientWidth);

  await region.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
});

test('shortlisting a teacher confirms it with the way to the shortlist', async ({ page, request }) => {
  const fresh = await signUpLearner(request, 242);
  await signInPageAs(page, fresh);
  await openAndSettle(page, '/categories/chess');
  // No map can be drawn without a map token here: nothing offers one.
  await expect(page.getByRole('button', { name: 'Map' })).toHaveCount(0);
  await page
    .getByRole('button', { name: /^Shortlist / })
    .first()
    .click();
  const confirmation = page.getByRole('status').filter({ hasText: 'Shortlisted' });
  await confirmation.getByRole('link', { name: 'View shortlist' }).click();
  await expect(page).toHaveURL('/shortlist');
  await expect(page.getByRole('region', { name: 'Your shortlisted teachers compared' }).getByRole('columnheader')).toHaveCount(1);
});

test('the first Tab reaches "Skip to content", which leads to the page heading', async ({ page }) => {
  await openAndSettle(page, '/categories');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expectWhollyOnScreen(page, 'Skip to content', await skip.boundingBox());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test('the map screen opened without a map token offers the search, in plain words', async ({ page }) => {
  await openAndSettle(page, '/map-screen');
  await expect(page.getByRole('combobox', { name: 'Search by locality or pincode' })).toBeVisible();
  await expect(page.getByText(/map key|configured|token/i)).toHaveCount(0);
});
