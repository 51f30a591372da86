import { expect, test } from '@playwright/test';

import { browseFromAddress, signInThroughLogin } from '../pages/sign-in';

test.use({ viewport: { width: 390, height: 844 } });

const teacherPath = /^\/discover\/bengaluru\/[a-z0-9-]+\/teachers\/[a-z0-9-]+$/;

test('on a phone, a heart tapped signed out says why sign-in is asked, and the teacher is shortlisted once a new family is in', async ({ page, request }) => {
  await browseFromAddress(page, 252);
  // A teacher page, reached as a family would: from a category's results.
  await page.goto('/categories/chess');
  const firstCard = page.getByRole('article').first();
  await expect(firstCard).toBeVisible();
  const teacherName = (await firstCard.getByRole('link').first().innerText()).trim();
  await firstCard.getByRole('link', { name: teacherName }).click();
  await expect(page).toHaveURL((url) => teacherPath.test(url.pathname));
  await expect(page.getByRole('heading', { level: 1, name: teacherName })).toBeVisible();
  // The page as tapped on, with any search it has (a listing to jump to): sign-in must come back to it.
  const tappedOn = new URL(page.url());
  const teacherUrl = `${tappedOn.pathname}${tappedOn.search}`;

  // Signed out, the heart leads to sign-in, which says why.
  const heart = page.getByRole('button', { name: /^Shortlist / }).first();
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('redirectTo') === teacherUrl);
  await expect(page.getByText(/^Sign in to save teachers to your shortlist\./)).toBeVisible();

  // A number new to Kalike: sign up, give a name on the welcome step, and come back.
  const phone = `+9196${String(Date.now()).slice(-8)}`;
  await signInThroughLogin(page, request, phone.slice(3), phone);
  await expect(page.getByRole('heading', { name: 'One more step' })).toBeVisible();
  await page.getByLabel('Your name').fill('Nisha Pai');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Back on the page tapped on, with the heart filled.
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === teacherUrl);
  await expect(page.getByRole('heading', { level: 1, name: teacherName })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Shortlist / }).first()).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The shortlist lists the teacher.
  await page.goto('/shortlist');
  await expect(page.getByRole('main')).toContainText(teacherName);
});
