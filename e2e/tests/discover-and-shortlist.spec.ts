import { expect, test, type Page } from '@playwright/test';

import { ComposedApp } from '../pages/composed-app';
import { signInThroughLogin } from '../pages/sign-in';

const teacherPath = /^\/discover\/bengaluru\/[a-z0-9-]+\/teachers\/[a-z0-9-]+$/;

/** Every card in the results, as the learner sees it. */
const resultCards = (page: Page) => page.getByRole('article');

test('a learner browses a category near them, filters, opens a teacher, shortlists them, compares on /shortlist and enquires', async ({ page, request }) => {
  const app = new ComposedApp(page);

  // Browse: from all categories into Chess, listed nearest first from Indiranagar.
  await page.goto('/categories');
  await page.getByRole('link', { name: /^Chess/ }).click();
  await expect(page).toHaveURL('/categories/chess');
  await expect(page.getByRole('heading', { level: 1, name: /Chess/ })).toBeVisible();
  await expect(resultCards(page).first()).toBeVisible();

  // Filter: only classes at the teacher's centre; the filter lands in the URL and every card honours it.
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByRole('group', { name: 'Where classes happen' }).getByLabel("At the teacher's centre").check();
  await expect(page).toHaveURL(/[?&]mode=at_centre(&|$)/);
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  await expect(resultCards(page).first()).toBeVisible();
  const cards = await resultCards(page).all();
  expect(cards.length).toBeGreaterThan(0);
  for (const card of cards) await expect(card).toContainText("At the teacher's centre");

  // Nearest first: the distances read down the list never decrease.
  const distances = (await resultCards(page).allInnerTexts()).map((text) => {
    const match = text.match(/(\d+(?:\.\d+)?)\s*(km|m)\b/);
    if (!match) throw new Error(`No distance on card: ${text}`);
    return Number(match[1]) * (match[2] === 'km' ? 1000 : 1);
  });
  expect(distances).toEqual([...distances].sort((a, b) => a - b));

  // Open the nearest teacher.
  const teacherName = (await resultCards(page).first().getByRole('link').first().innerText()).trim();
  await resultCards(page).first().getByRole('link', { name: teacherName }).click();
  await expect(page).toHaveURL((url) => teacherPath.test(url.pathname));
  await expect(page.getByRole('heading', { level: 1, name: teacherName })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(teacherName));
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(new URL(canonical!).pathname).toMatch(teacherPath);
  const teacherUrl = new URL(page.url()).pathname;

  // Shortlisting needs an account: the tap goes through sign-in, which keeps it, and comes back to the teacher.
  // The shortlist holds listings; the first toggle is the listing of the category we came from.
  const shortlistToggle = page.getByRole('button', { name: /^Shortlist / }).first();
  await shortlistToggle.click();
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('redirectTo') === teacherUrl && url.searchParams.has('shortlist'));
  const phone = `+9197${String(Date.now()).slice(-8)}`;
  await signInThroughLogin(page, request, phone.slice(3), phone);
  await expect(page.getByRole('heading', { name: 'One more step' })).toBeVisible();
  await page.getByLabel('Your name').fill('Meera Shah');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(teacherUrl);

  await expect(shortlistToggle).toHaveAttribute('aria-pressed', 'true');

  // The shortlist survives a reload: it lives on the server, not in the page.
  await page.reload();
  await expect(page.getByRole('button', { name: /^Shortlist / }).first()).toHaveAttribute('aria-pressed', 'true');

  // Compare on /shortlist and enquire from there.
  await page.goto('/shortlist');
  const comparison = page.getByRole('table');
  await expect(comparison).toContainText(teacherName);
  await comparison.getByRole('link', { name: `Enquire with ${teacherName}` }).click();
  await expect(page).toHaveURL((url) => url.pathname === `${teacherUrl}/enquire`);
  await expect(app.remoteRoot('mfe_enquiry')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Enquire with ${teacherName}` })).toBeVisible();
  await expect(page.getByLabel('Your name')).toHaveValue('Meera Shah');
  // Where the enquiry started travels with it, for the enquiry's analytics.
  await page.getByRole('checkbox', { name: 'Saturday' }).check();
  const draft = await page.evaluate(() => JSON.parse(sessionStorage.getItem('kalike.enquiry-draft.v2') ?? '{}'));
  expect(draft).toMatchObject({ refPage: '/shortlist', refSection: 'Shortlist Tab' });
});

test('search forgives typos and an empty result offers a class request', async ({ page }) => {
  await page.goto('/search');
  const box = page.getByRole('searchbox');
  await box.fill('carnatik vocal');
  await expect(page).toHaveURL(/[?&]q=carnatik(\+|%20)vocal/);
  await expect(resultCards(page).first()).toContainText(/Carnatic/i);

  await box.fill('zzqxv wplk');
  await expect(page.getByText('No teachers found for “zzqxv wplk” near you')).toBeVisible();
  await expect(page.getByRole('link', { name: /request (a )?class/i }).first()).toBeVisible();
});

test('on a phone, search suggests from the first letters, answers a misspelling and looks where a pincode says', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/search');
  const box = page.getByRole('searchbox');
  await box.pressSequentially('gu', { delay: 80 });
  const suggestions = page.getByRole('region', { name: 'Suggestions' });
  await expect(suggestions.getByRole('button', { name: 'Guitar' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=gu(&|$)/);
  await expect(page.getByText(/No teachers found/)).toHaveCount(0);

  await box.fill('gitar');
  await expect(page.getByText(/Showing results for/)).toContainText('Showing results for guitar.');
  await expect(resultCards(page).first()).toContainText(/Guitar/);
  await expect(page.getByRole('link', { name: 'Search instead for “gitar”' })).toBeVisible();

  await box.fill('guitar 560038');
  await expect(page.getByText('Looking around Indiranagar (560038); distances are from there.')).toBeVisible();
  await expect(resultCards(page).first()).toContainText(/Guitar/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/search-390.png', fullPage: true });
});

test('the teacher page has its data for search engines and the sitemap lists it', async ({ page, request }) => {
  await page.goto('/teachers');
  await expect(resultCards(page).first()).toBeVisible();
  await resultCards(page).first().getByRole('link').first().click();
  await expect(page).toHaveURL((url) => teacherPath.test(url.pathname));
  const structured = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
  expect(structured['@context']).toBe('https://schema.org');
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /.+/);
  // One description, the teacher's, not the site-wide one beside it.
  await expect(page.locator('meta[name="description"]')).toHaveCount(1);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Classes from ₹/);

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.ok()).toBe(true);
  const xml = await sitemap.text();
  const canonical = new URL((await page.locator('link[rel="canonical"]').getAttribute('href'))!).pathname;
  expect(xml).toContain(canonical);
});
