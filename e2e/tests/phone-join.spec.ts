import { expect, test, type Locator, type Page } from '@playwright/test';

import { browseFromAddress } from '../pages/sign-in';
import { joinAsTeacher } from '../pages/teacher-joining';
import { TeacherProfilePage } from '../pages/teacher-profile';
import { fitsThePhone } from '../pages/teachers';

const phone = { width: 390, height: 844 };
test.use({ viewport: phone });

// A demo number of its own each run, so the phone has never joined before.
const newTeacherPhone = `+910000073${String(Date.now()).slice(-3)}`;

/** Drawn whole between the phone's edges: nothing cut off at either side. */
async function expectAcrossThePhone(locator: Locator, name: string) {
  const box = await locator.boundingBox();
  expect(box, `${name} is drawn`).not.toBeNull();
  if (!box) return;
  expect.soft(box.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
  expect.soft(box.x + box.width, `${name} ends on screen`).toBeLessThanOrEqual(phone.width);
}

const snapshot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });

test('a teacher who just joined sees what is left to do and that families cannot see them yet, and starts a listing from what joining said', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await browseFromAddress(page, 253);
  await joinAsTeacher(page, { phone: newTeacherPhone, name: 'Lakshmi Iyer', subject: 'Carnatic Vocal', place: 'Koramangala' });

  // /teach: each step marked, and a plain line while nothing is public.
  const started = page.getByRole('region', { name: 'Get started' });
  await expect(started.getByText('0 of 3 done')).toBeVisible();
  const notPublic = started.getByText(/^Families can't see you yet\. They will once a listing of yours is approved/);
  await expect(notPublic).toBeVisible();
  for (const step of ['Your profile', 'Your listings', 'Payouts']) {
    await expect(started.getByRole('link', { name: new RegExp(`^${step}`) })).toContainText('To do');
  }
  await expectAcrossThePhone(notPublic, 'The line saying families cannot see the teacher yet');
  expect(await fitsThePhone(page)).toBe(true);
  await snapshot(page, 'teach-home-get-started');

  // The first listing starts with the subject and locality given when joining.
  await page.goto('/teach/listings/new');
  const subject = page.getByRole('combobox', { name: 'Subject' });
  await expect(subject.locator('option:checked')).toHaveText('Carnatic Vocal');
  await expect(page.getByText(/^Chosen: Koramangala\b.*, Bengaluru \d{6}$/)).toBeVisible();
  expect(await fitsThePhone(page)).toBe(true);
  await snapshot(page, 'first-listing-prefilled');

  // A photo saved before any listing is live says when families will see it, not "now".
  const profile = new TeacherProfilePage(page);
  await profile.open();
  await profile.uploadPhoto();
  await expect(page.getByText('Saved. Families will see it once your listing is approved.')).toBeVisible();
  await expect(page.getByText(/Learners see it now/)).toHaveCount(0);
  expect(await fitsThePhone(page)).toBe(true);
});
