import { expect, test } from '@playwright/test';

import { sandboxPayoutAccounts, TeacherPayouts } from '../pages/teacher-payouts';

test('a teacher adds a UPI id, pays out what earlier packs earned, and sees it paid', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const payouts = await TeacherPayouts.signIn(browser, request);
  await payouts.page.setViewportSize({ width: 390, height: 844 });

  await payouts.addUpi(sandboxPayoutAccounts.unknownUpi, 'Could not be verified');
  await expect(payouts.account()).toContainText(`No UPI app knows ${sandboxPayoutAccounts.unknownUpi}`);
  await expect(payouts.payable().getByRole('button', { name: 'Pay out now' })).toBeDisabled();

  await payouts.addUpi('priya.gowda@okaxis');
  const amount = await payouts.payOutNow();
  expect(amount).toMatch(/^₹[\d,]+\.\d{2}$/);
  await payouts.expectPayoutPaid(amount);
  await expect(payouts.payable().getByRole('button', { name: 'Pay out now' })).toBeDisabled();
  await expect(payouts.payable()).toContainText('You asked for a payout today');

  expect(await payouts.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await payouts.page.screenshot({ path: test.info().outputPath('teacher-payouts-390.png'), fullPage: true });
});
