import { expect, test } from '@playwright/test';

import { ComposedApp, knownPaymentRequests, remoteOrigin } from '../pages/composed-app';

test.describe('a learner moves through every part of the app', () => {
  test('discover, categories, a class request, updates and a payment request, in one page session', async ({ page }) => {
    const app = new ComposedApp(page);
    const scriptOrigins = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scriptOrigins.add(new URL(response.url()).origin);
    });

    await page.goto('/discover');
    await expect(page.getByRole('heading', { name: 'Discover and connect with top teachers near you.' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Class categories' }).getByRole('listitem')).toHaveCount(6);
    await app.expectSharedSingletons('mfe_discover');
    await app.markDocument();

    await page.getByRole('link', { name: 'See all' }).click();
    await expect(page).toHaveURL(/\/categories$/);
    await expect(page.getByRole('heading', { name: 'What would you like to learn?' })).toBeVisible();
    await expect.poll(() => page.getByRole('list', { name: 'Class categories' }).getByRole('listitem').count()).toBeGreaterThanOrEqual(15);

    await app.goViaMenu('Updates');
    await expect(page.getByRole('heading', { name: 'Updates', level: 1 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Class updates' }).getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Sessions, classes and updates' })).toBeVisible();
    await app.expectSharedSingletons('mfe_sessions');
    await app.expectSameDocument();

    await page.getByRole('button', { name: 'Show older updates' }).click();
    await expect(page.getByRole('list', { name: 'Class updates' }).getByRole('article')).toHaveCount(40);

    await page.goto('/enquiry?refPage=/discover&refSection=ask_music');
    await page.getByLabel('What would you like to learn?').selectOption({ label: 'Chess' });
    await page.getByLabel(/Message for the teacher/).fill('My son is 9 and has played a little at school.');
    await app.expectSharedSingletons('mfe_enquiry');
    await page.reload();
    await expect(page.getByLabel('What would you like to learn?')).toHaveValue('chess');
    await expect(page.getByLabel(/Message for the teacher/)).toHaveValue('My son is 9 and has played a little at school.');

    await page.goto(`/payment-request/${knownPaymentRequests.open}`);
    await expect(page.getByRole('heading', { name: 'Payment request' })).toBeVisible();
    await expect(page.getByText(/^₹[\d,]+$/)).toBeVisible();
    await expect(page.getByText('Open', { exact: true })).toBeVisible();
    await app.expectSharedSingletons('mfe_payments');

    // Each remote's code came from its own origin, as separate deployments would serve it.
    for (const remote of ['mfe_discover', 'mfe_enquiry', 'mfe_payments', 'mfe_sessions'] as const) {
      expect([...scriptOrigins]).toContain(remoteOrigin(remote));
    }
  });

  test('payment requests show each status, and unknown or malformed ids say so', async ({ page }) => {
    await page.goto(`/payment-request/${knownPaymentRequests.completed}`);
    await expect(page.getByText(/^Paid on /)).toBeVisible();
    await page.goto(`/payment-request/${knownPaymentRequests.cancelled}`);
    await expect(page.getByText('Cancelled by the teacher. Nothing is due.')).toBeVisible();
    await page.goto('/payment-request/00000000-0000-4000-8000-00000000ffff');
    await expect(page.getByRole('heading', { name: 'We could not find this payment request' })).toBeVisible();
    await page.goto('/payment-request/not-a-real-id');
    await expect(page.getByRole('heading', { name: 'This payment link is not valid' })).toBeVisible();
  });
});
