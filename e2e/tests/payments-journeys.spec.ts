import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { signInLearnerByApi, signInPageAs, signUpLearner, type SignedUpLearner } from '../pages/learners';
import { apiOrigin, seededLearners } from '../pages/sign-in';
import { TeacherApi } from '../pages/teacher-api';

/** The seeded payment request Asha's teacher sent for her daughter Saanvi's class pack, still open. */
const saanviPackRequest = '00000000-0000-4000-8000-000000000001';

/** The seeded payment link Asha's teacher sent her, still open. */
const issuedPaymentLink = '00000000-0000-4000-8000-000000000501';

const bearer = (learner: SignedUpLearner) => ({ authorization: `Bearer ${learner.user.tokens.accessToken}` });

/** A fresh learner enrolled in a batch of the seeded teacher: enquiry, the teacher's offer, enrolment, all through the API. */
async function enrolledLearner(request: APIRequestContext, index: number): Promise<{ learner: SignedUpLearner; batchStudentId: string; teacher: TeacherApi }> {
  const learner = await signUpLearner(request, index);
  const teacher = await TeacherApi.signIn(request);
  const search = await request.get(`${apiOrigin}/v1/marketplace/teacherListings/search`, {
    params: { q: teacher.teacher.name, lat: 12.9784, long: 77.6408, radiusKm: 50 },
  });
  const { listings } = (await search.json()) as { listings: Array<{ id: string; teacher: { id: string } }> };
  const listing = listings.find((entry) => entry.teacher.id === teacher.teacher.id)!;
  const created = await request.post(`${apiOrigin}/v1/marketplace/enquiries`, {
    headers: { ...bearer(learner), 'idempotency-key': `e2e-pay-${index}-${Date.now()}` },
    data: {
      targets: [{ listingId: listing.id }],
      studentId: null,
      contactName: 'Lakshmi Narayan',
      preferredDays: [6],
      preferredTimes: ['morning'],
      mode: 'any',
      message: '',
      refPage: '/discover',
      refSection: 'Teacher of the Day',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const enquiryId = ((await created.json()) as { enquiries: Array<{ enquiry: { id: string } }> }).enquiries[0]!.enquiry.id;
  const { batchIds } = await teacher.publicPage();
  await teacher.act(enquiryId, 'offer-batch', { batchId: batchIds[0] });
  const connected = await request.post(`${apiOrigin}/v1/marketplace/enquiries/${enquiryId}/connect`, {
    headers: bearer(learner),
    data: { offer: 'batch', studentId: null },
  });
  expect(connected.status(), await connected.text()).toBe(200);
  const { batchStudentId } = (await connected.json()) as { batchStudentId: string };
  return { learner, batchStudentId, teacher };
}

/** The sandbox gateway's own page: the learner's choice there, as on a real checkout. */
async function inSandboxCheckout(page: Page, choice: 'pay' | 'fail' | 'cancel') {
  await expect(page).toHaveURL(/\/v1\/payments\/sandbox\/checkout\//);
  const names = { pay: /^Pay ₹/, fail: 'Fail the payment', cancel: 'Cancel' } as const;
  await page.getByRole('button', { name: names[choice] }).click();
}

test("an enrolled learner chooses a pack, applies a coupon, fails once, retries, sees the receipt and the classes left, then pays the teacher's request", async ({
  page,
  request,
}) => {
  const { learner, batchStudentId, teacher } = await enrolledLearner(request, 201);
  await signInPageAs(page, learner);

  await page.goto(`/payments/select-payment-plan?batchStudentID=${batchStudentId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a class pack' })).toBeVisible();
  const options = (await (await request.get(`${apiOrigin}/v1/class/batchStudent/${batchStudentId}/classpack`, { headers: bearer(learner) })).json()) as {
    plans: Array<{ id: string; name: string; classesCount: number; pricePaise: number }>;
  };
  // The smallest pack that reaches WELCOME10's ₹1,000 minimum.
  const plan = options.plans.find((entry) => entry.pricePaise >= 100_000)!;
  await page.getByRole('radio', { name: new RegExp(`^${plan.name.replace(/[()]/g, '\\$&')}`) }).check();
  await page.getByRole('textbox', { name: 'Coupon code' }).fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply coupon code' }).click();
  const coupon = Math.floor(plan.pricePaise / 10);
  const total = plan.pricePaise - coupon;
  const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: paise % 100 ? 2 : 0 })}`;
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

  // The teacher asks for an exam fee; the learner pays the request from its link.
  const { id: requestId } = await teacher.requestPayment(batchStudentId, 75_000, 'Grade exam registration');
  await page.goto(`/payment-request/${requestId}`);
  await expect(page.getByText('Grade exam registration')).toBeVisible();
  await page.getByRole('button', { name: 'Pay ₹750' }).click();
  await inSandboxCheckout(page, 'pay');
  await expect(page).toHaveURL(/\/payment-sucess\?/);
  await expect(page.getByText(/KLK\/\d{4}-\d{2}\/\d+/)).toBeVisible();
  const paid = (await (await request.get(`${apiOrigin}/v1/payments/payment-request/${requestId}`)).json()) as { status: string };
  expect(paid.status).toBe('completed');
});

test('a payment link sent to a parent is paid through the sandbox checkout, once', async ({ page, request }) => {
  // Asha's teacher sent her a link; she signs in from her own number.
  const asha = await signInLearnerByApi(request, seededLearners.asha.phone, 211);
  await signInPageAs(page, asha);

  await page.goto(`/pay/${issuedPaymentLink}`);
  await expect(page.getByText('Annual day costume and stage fee')).toBeVisible();
  await page.getByRole('button', { name: 'Pay ₹1,500' }).click();
  await inSandboxCheckout(page, 'pay');
  await expect(page).toHaveURL(/\/payment-sucess\?/);
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
  const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: paise % 100 ? 2 : 0 })}`;

  // What paying delivers is said before paying: that pack, for Saanvi.
  await page.goto(`/payment-request/${saanviPackRequest}`);
  await expect(page.getByText(`${pack.name}, ${pack.classesCount} classes for Saanvi`)).toBeVisible();
  await page.getByRole('button', { name: `Pay ${rupees(asked.amountPaise)}` }).click();
  await inSandboxCheckout(page, 'pay');
  await expect(page).toHaveURL(/\/payment-sucess\?/);
  const receipt = page.getByRole('article', { name: 'Receipt' });
  await expect(receipt.getByText(/KLK\/\d{4}-\d{2}\/\d+/)).toBeVisible();
  await expect(receipt.getByText('Saanvi', { exact: true })).toBeVisible();
  await expect(receipt.getByText(`${pack.name}, ${pack.classesCount} classes`, { exact: true })).toBeVisible();
  await expect(receipt.getByRole('link', { name: 'Download the receipt (PDF)' })).toBeVisible();
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
