import { expect, test, type Route } from '@playwright/test';

import { signInPageAs, signUpLearner } from '../pages/learners';

test.use({ viewport: { width: 390, height: 844 } });

/** An order id no one has: the checks below are about the address and the first words, not a receipt. */
const someOrderId = '7a2d3c9f-0000-4000-8000-000000000933';

test('the misspelt receipt address of the first release opens /payment-success with its query', async ({ page }) => {
  const from = encodeURIComponent('/pay/00000000-0000-4000-8000-000000000501');
  await page.goto(`/payment-sucess?orderId=${someOrderId}&from=${from}`);
  await expect(page).toHaveURL(`/payment-success?orderId=${someOrderId}&from=${from}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
});

test('back from the gateway on a slow link, the page says at once that it is confirming the payment and not to close it', async ({ page, request }) => {
  test.setTimeout(60_000);
  // A family of its own: the seeded families' numbers are each allowed three codes in 15 minutes, and other journeys use them.
  await signInPageAs(page, await signUpLearner(request, 246));
  // A slow link: the app's code and the payment calls take seconds each.
  const slow = (ms: number) => async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  };
  await page.route(/\.js(\?|$)/, slow(1_500));
  await page.route('**/v1/payments/verify', slow(4_000));
  await page.route('**/v1/payments/orders/**', slow(4_000));

  const returned = new URLSearchParams({
    orderId: someOrderId,
    razorpay_order_id: 'order_SBXslowlink01',
    razorpay_payment_id: 'pay_sbx_slowlink01',
    razorpay_signature: 'a'.repeat(64),
  });
  await page.goto(`/payment-success?${returned.toString()}`, { waitUntil: 'commit' });
  // Before any of the app's code has run: the page the web server sends says it.
  await expect(page.getByRole('status').getByText('Confirming your payment…')).toBeVisible({ timeout: 1_000 });
  await expect(page.getByText("Please don't close this page. It takes a few seconds, and you are not charged twice.")).toBeVisible();
  // While the payment pages download and while the API is asked: the same words, never grey boxes.
  await expect(page.getByRole('status', { name: 'Loading Payments' })).toHaveCount(0);
  await expect(page.getByRole('status', { name: 'Confirming your payment…' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText("Please don't close this page. It takes a few seconds, and you are not charged twice.")).toBeVisible();
  // Then the outcome: this made-up payment does not check out, and the page says so.
  await expect(page.getByRole('heading', { name: /^We could not (confirm|find) this payment$/ })).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
