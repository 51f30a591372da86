import { expect, test, type Page } from '@playwright/test';

import { rupees } from '../pages/paying-families';
import { seededLearners, signInThroughLogin } from '../pages/sign-in';
import { expectedFigures, latestNotifiedLink, plus, TeacherPayments, thisIstMonth } from '../pages/teacher-payments';

/** Meera's son Aarav has a place, and a paid pack, in a batch of the teacher of the day. */
const meera = seededLearners.meera;
const student = 'Aarav';

async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('the teacher asks a family to pay for a pack, sees it paid, and earns it to the paisa', async ({ browser, baseURL, request }) => {
  // Two people on two phones, each signing in with a texted code, and a checkout.
  test.setTimeout(120_000);
  const teacher = await TeacherPayments.signIn(browser, request);
  const batch = await teacher.batchOf(student);
  const [plan] = await teacher.plansFor(batch, student);
  const price = await teacher.planPricePaise(batch, student, plan!);
  const month = thisIstMonth();
  const before = await teacher.earningsRow(month, student);

  await teacher.askToPay(batch, student, plan!);
  await teacher.openPayments();
  expect(await teacher.requestState(student)).toBe('open');

  // Each section, as a phone shows it.
  await fitsThePhone(teacher.page);
  for (const name of ['Ask to pay', 'Invite a family', 'Requests', 'Earnings'] as const) {
    await teacher.section(name).screenshot({ path: test.info().outputPath(`teacher-payments-${name.toLowerCase().replace(/ /g, '-')}-390.png`) });
  }
  const link = await teacher.inviteToBatch(batch, { days: 3, families: 1 });
  expect(link).toMatch(/\/batch-payment-request\/[0-9a-f-]{36}\?invitation=[A-Za-z0-9_-]{43}$/);
  await fitsThePhone(teacher.page);

  // The family signs in on their own phone, finds the request among their notifications and pays in the checkout.
  const family = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const parent = await family.newPage();
  await parent.goto(`/login?redirectTo=${encodeURIComponent('/notifications')}`);
  await signInThroughLogin(parent, request, meera.typed, meera.phone);
  await expect(parent).toHaveURL(/\/notifications$/);
  const requestPath = await latestNotifiedLink(parent, /\/payment-request\/[0-9a-f-]{36}/);
  await parent.goto(requestPath);
  await parent.getByRole('button', { name: `Pay ${rupees(price)}` }).click();
  await expect(parent).toHaveURL(/\/v1\/payments\/sandbox\/checkout\//);
  await parent.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(parent).toHaveURL(/\/payment-success\?/);
  await expect(parent.getByText(/KLK\/\d{4}-\d{2}\/\d+/)).toBeVisible();
  await family.close();

  // The teacher sees it paid, and the statement moved by exactly this payment's figures.
  await teacher.openPayments();
  expect(await teacher.requestState(student)).toBe('completed');
  const after = await teacher.earningsRow(month, student);
  expect(after).toEqual(plus(before, expectedFigures(price)));
  await expect(teacher.section('Earnings')).toContainText("Kalike's fee is 10% of each payment's price before GST, to the nearest paisa");
  await teacher.section('Earnings').screenshot({ path: test.info().outputPath('teacher-payments-earnings-paid-390.png') });
  await fitsThePhone(teacher.page);
});
