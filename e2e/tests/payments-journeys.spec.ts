import { expect, test } from '@playwright/test';

import { signInLearnerByApi, signInPageAs } from '../pages/learners';
import { bearer, inSandboxCheckout, invitedLearner, rupees } from '../pages/paying-families';
import { apiOrigin, seededLearners } from '../pages/sign-in';
import { latestNotifiedLink, TeacherPayments } from '../pages/teacher-payments';
import { seededTeachers } from '../pages/teachers';

/** The seeded payment request Asha's teacher sent for her daughter Saanvi's class pack, still open. */
const saanviPackRequest = '00000000-0000-4000-8000-000000000001';

/** The seeded payment link Asha's teacher sent her, still open. */
const issuedPaymentLink = '00000000-0000-4000-8000-000000000501';

test("an invited learner chooses a pack, applies a coupon, fails once, retries, sees the receipt and the classes left, then pays the teacher's request", async ({
  page,
  browser,
  request,
}) => {
  // Two people on two phones, each signing in with a texted code, and two checkouts.
  test.setTimeout(120_000);
  // The teacher works from their own phone; a seeded teacher the other teacher journeys do not sign in.
  const teacher = await TeacherPayments.signIn(browser, request, seededTeachers.second);
  const { learner, batchStudentId, batch, plans } = await invitedLearner(request, teacher, 201);
  await signInPageAs(page, learner);

  await page.goto(`/payments/select-payment-plan?batchStudentID=${batchStudentId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a class pack' })).toBeVisible();
  // The smallest pack that reaches WELCOME10's ₹1,000 minimum.
  const plan = plans.find((entry) => entry.pricePaise >= 100_000)!;
  await page.getByRole('radio', { name: new RegExp(`^${plan.name.replace(/[()]/g, '\\$&')}`) }).check();
  await page.getByRole('textbox', { name: 'Coupon code' }).fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply coupon code' }).click();
  const coupon = Math.floor(plan.pricePaise / 10);
  const total = plan.pricePaise - coupon;
  await expect(page.getByText(rupees(total)).first()).toBeVisible();
  await page.getByRole('button', { name: 'Continue to pay' }).click();

  await expect(page).toHaveURL(/\/payments\/pay\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay for your class pack' })).toBeVisible();
  await page.getByRole('button', { name: `Pay ${rupees(total)}` }).click();

  // The first attempt fails at the gateway: nothing is charged and the learner can try again.
  await inSandboxCheckout(page, 'fail');
  await expect(page).toHaveURL(/\/payments\/pay\?/);
  await expect(page.getByText(/not complete|failed|did not go through/i).first()).toBeVisible();
  await page
    .getByRole('button', { name: /Try again|Pay ₹/ })
    .first()
    .click();

  await inSandboxCheckout(page, 'pay');
  await expect(page).toHaveURL(/\/payments\/payment-success\?/);
  await expect(page.getByText(/KLK\/\d{4}-\d{2}\/\d+/)).toBeVisible();
  await expect(page.getByText(/CGST/).first()).toBeVisible();
  await expect(page.getByText(/SGST/).first()).toBeVisible();
  const pack = page.getByRole('region', { name: 'Your class pack' });
  await expect(pack).toContainText('Active');
  await expect(pack).toContainText(`Classes left${plan.classesCount} of ${plan.classesCount}`);

  // The server agrees: one paid order for the discounted total, and the pack's classes from the ledger.
  const balances = (await (await request.get(`${apiOrigin}/v1/ledgers/learners/balances`, { headers: bearer(learner) })).json()) as {
    balances: Array<{ batchStudent: { id: string }; classPack: { classesLeft: number; paidPaise: number } | null }>;
  };
  const mine = balances.balances.find((entry) => entry.batchStudent.id === batchStudentId)!;
  expect(mine.classPack).toMatchObject({ classesLeft: plan.classesCount, paidPaise: total });

  // The teacher asks, on /teach/payments, for the next pack (the amount is the plan's, never typed); the learner pays the request from its text.
  const studentName = learner.user.learnerAccount.name;
  const renewal = plans[0]!;
  await teacher.askToPay(batch, studentName, renewal.name);
  const requestPath = await latestNotifiedLink(page, /\/payment-request\/[0-9a-f-]{36}/);
  const requestId = requestPath.split('/').pop()!;
  await page.goto(requestPath);
  await expect(page.getByText(`${renewal.name}, ${renewal.classesCount} classes`).first()).toBeVisible();
  await page.getByRole('button', { name: `Pay ${rupees(renewal.pricePaise)}` }).click();
  await inSandboxCheckout(page, 'pay');
  await expect(page).toHaveURL(/\/payment-success\?/);
  await expect(page.getByText(/KLK\/\d{4}-\d{2}\/\d+/)).toBeVisible();
  const paid = (await (await request.get(`${apiOrigin}/v1/payments/payment-request/${requestId}`)).json()) as { status: string };
  expect(paid.status).toBe('completed');
  await teacher.openPayments();
  expect(await teacher.requestState(studentName)).toBe('completed');
  await teacher.close();
});

test('a payment link sent to a parent is paid through the sandbox checkout, once', async ({ page, request }) => {
  // Asha's teacher sent her a link; she signs in from her own number.
  const asha = await signInLearnerByApi(request, seededLearners.asha.phone, 211);
  await signInPageAs(page, asha);

  await page.goto(`/pay/${issuedPaymentLink}`);
  await expect(page.getByText('Annual day costume and stage fee')).toBeVisible();
  await page.getByRole('button', { name: 'Pay ₹1,500' }).click();
  await inSandboxCheckout(page, 'pay');
  await expect(page).toHaveURL(/\/payment-success\?/);
  await expect(page.getByText(/KLK\/\d{4}-\d{2}\/\d+/)).toBeVisible();
  const link = (await (await request.get(`${apiOrigin}/v1/payments/payment-link/${issuedPaymentLink}`)).json()) as { status: string };
  expect(link.status).toBe('paid');

  // Paying again is not possible: the link says it is paid.
  await page.goto(`/pay/${issuedPaymentLink}`);
  await expect(page.getByRole('button', { name: /^Pay ₹/ })).toHaveCount(0);
});

test("a parent pays the teacher's request for her daughter's pack: Saanvi holds it, the receipt names her, nothing lands on the parent", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const asha = await signInLearnerByApi(request, seededLearners.asha.phone, 221);
  await signInPageAs(page, asha);
  const asked = (await (await request.get(`${apiOrigin}/v1/payments/payment-request/${saanviPackRequest}`)).json()) as {
    amountPaise: number;
    studentName: string;
    classPack: { name: string; classesCount: number } | null;
    batch: { programName: string; name: string };
  };
  expect(asked.studentName).toBe('Saanvi');
  const pack = asked.classPack!;

  // What paying delivers is said before paying: that pack, for Saanvi.
  await page.goto(`/payment-request/${saanviPackRequest}`);
  await expect(page.getByText(`${pack.name}, ${pack.classesCount} classes for Saanvi`)).toBeVisible();
  await page.getByRole('button', { name: `Pay ${rupees(asked.amountPaise)}` }).click();
  await inSandboxCheckout(page, 'pay');
  await expect(page).toHaveURL(/\/payment-success\?/);
  const receipt = page.getByRole('article', { name: 'Tax invoice' });
  await expect(receipt.getByText(/KLK\/\d{4}-\d{2}\/\d+/)).toBeVisible();
  await expect(receipt.getByText('Saanvi', { exact: true })).toBeVisible();
  await expect(receipt.getByText(`${pack.name}, ${pack.classesCount} classes`, { exact: true })).toBeVisible();
  await expect(receipt.getByRole('link', { name: 'Download the tax invoice (PDF)' })).toBeVisible();
  // On a phone the receipt, with its tax invoice, fits the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('receipt-390.png'), fullPage: true });

  // My Classes: Saanvi's place in the batch holds the whole pack; nothing new for the parent herself.
  await page.goto('/classes');
  const saanvis = page.getByRole('article').filter({ hasText: asked.batch.programName }).filter({ hasText: 'Saanvi' });
  await expect(saanvis).toHaveCount(1);
  await expect(saanvis).toContainText(`Classes left${pack.classesCount} of ${pack.classesCount}`);
  await expect(page.getByRole('article').filter({ hasText: asked.batch.programName }).filter({ hasText: 'Asha Rao' })).toHaveCount(0);

  const balances = (await (await request.get(`${apiOrigin}/v1/ledgers/learners/balances`, { headers: bearer(asha) })).json()) as {
    balances: Array<{
      batchStudent: { studentName: string | null; batch: { name: string; programName: string } };
      balancePaise: number;
      classPack: { classesLeft: number } | null;
    }>;
  };
  const inBatch = balances.balances.filter(
    (entry) => entry.batchStudent.batch.programName === asked.batch.programName && entry.batchStudent.batch.name === asked.batch.name,
  );
  expect(inBatch).toEqual([
    expect.objectContaining({
      batchStudent: expect.objectContaining({ studentName: 'Saanvi' }),
      balancePaise: 0,
      classPack: expect.objectContaining({ classesLeft: pack.classesCount }),
    }),
  ]);
});
