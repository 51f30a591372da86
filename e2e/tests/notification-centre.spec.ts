import { expect, test } from '@playwright/test';

import { signInPageAs, signUpLearner } from '../pages/learners';
import { openAndSettle } from '../pages/main-routes';

// The bell, the notification centre and its settings, on a phone (docs/architecture.md's route map).

const phone = { width: 390, height: 844 };
test.use({ viewport: phone });

test('a signed-in family has the bell in the header, whole at 390 px, and it is never in server-rendered HTML', async ({ page, request }) => {
  const learner = await signUpLearner(request, 249);
  await signInPageAs(page, learner);
  await openAndSettle(page, '/discover');
  const bell = page.getByRole('banner').getByRole('link', { name: /^(Notifications|\d+ unread notifications?)$/ });
  await expect(bell).toBeVisible();
  const box = await bell.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x + box!.width).toBeLessThanOrEqual(phone.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

  // The server renders as nobody: its HTML has no bell and no count, whoever asks.
  const html = await (await request.get('/discover')).text();
  expect(html).not.toMatch(/unread notification/);

  await bell.click();
  await expect(page).toHaveURL('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await page.getByRole('link', { name: 'Notification settings' }).click();
  await expect(page).toHaveURL('/account/notifications');

  // A choice is kept: turned off here, still off after a reload.
  const sms = page.getByRole('switch', { name: 'SMS: A payment is due tomorrow' });
  await expect(sms).toBeChecked();
  await sms.click();
  await expect(sms).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'SMS: A payment is due tomorrow' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'In app: A payment is due tomorrow' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'In app: A payment is due tomorrow' })).toBeDisabled();
});
