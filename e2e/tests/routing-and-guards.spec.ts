import { expect, test } from '@playwright/test';

import { remoteOrigin } from '../pages/composed-app';

test('signed-out people are sent to sign in, with the page they wanted', async ({ page }) => {
  await page.goto('/learner/sessions');
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent('/learner/sessions')}`);
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login$/);
});

test('unknown paths, and single segments that are not enquiry ids, are a 404', async ({ page }) => {
  for (const path of ['/no/such/page', '/not-an-enquiry', '/404']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'We could not find that page' })).toBeVisible();
  }
});

test('the shell pages render inside the layout', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { name: 'About Kalike' })).toBeVisible();
  const column = await page.getByRole('main').boundingBox();
  expect(column?.width).toBeLessThanOrEqual(580);
});

test('a remote runs standalone on its own origin, without the shell', async ({ page }) => {
  await page.goto(`${remoteOrigin('mfe_discover')}/categories`);
  await expect(page.getByRole('heading', { name: 'What would you like to learn?' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
});
