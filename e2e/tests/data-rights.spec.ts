import { expect, test } from '@playwright/test';

import { DataRights } from '../pages/data-rights';
import { signInLearnerByApi, signInPageAs } from '../pages/learners';
import { bearer, buyPack, invitedLearner, rupees } from '../pages/paying-families';
import { apiOrigin, latestCode } from '../pages/sign-in';
import { TeacherPayments } from '../pages/teacher-payments';
import { fitsThePhone, seededTeachers } from '../pages/teachers';

/**
 * A family's data is theirs, on their own phone at 390 px: they download everything Kalike
 * holds about them, then delete the account with a texted code; their paid pack is refunded
 * by the refund rules, the same number signs in to a new, empty account, and the old receipt
 * still opens for the teacher's books.
 */

const phone = { width: 390, height: 844 } as const;
const learnerIndex = 250;

test('a family downloads their data, deletes the account with a code, and starts afresh; the old receipt still opens', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const teacher = await TeacherPayments.signIn(browser, request, seededTeachers.harini);
  const name = `Nandini ${['Rao', 'Bhat', 'Naik'][test.info().retry % 3]}`;
  const { learner, batchStudentId, plans } = await invitedLearner(request, teacher, learnerIndex, { name });
  await teacher.close();
  const child = 'Ishaan';
  const added = await request.post(`${apiOrigin}/v1/user/accounts/${learner.learnerId}/addStudent`, { headers: bearer(learner), data: { name: child } });
  expect(added.status(), await added.text()).toBe(201);
  const plan = plans[0]!;

  const context = await browser.newContext({ baseURL, viewport: phone });
  const page = await context.newPage();
  await signInPageAs(page, learner);
  await buyPack(page, batchStudentId, plan);

  // The download: one file, with the child and the receipt.
  const rights = new DataRights(page);
  const file = await rights.download();
  expect(file.about.title).toBe('Everything Kalike holds about you');
  expect(file.account).toMatchObject({ phone: learner.phone, name, roles: ['Learner'] });
  expect(file.students.map((student) => student.name)).toEqual([child]);
  const receipt = file.orders_and_receipts.find((order) => order.status === 'paid');
  expect(receipt?.receipt_number).toMatch(/^KLK\/\d{4}-\d{2}\/\d+$/);
  expect(receipt?.receipt_pdf_path).toMatch(/^\/v1\/payments\/receipts\/.+\.pdf$/);

  // What deleting does, said for this family before they confirm.
  await rights.openDeletion();
  await expect(
    page.getByText(new RegExp(`left with .+ \\(${rupees(plan.pricePaise).replace(/[.$]/g, '\\$&')}\\) will be refunded to your payment method\\.`)),
  ).toBeVisible();
  await expect(page.getByText('Signing in again with this number starts a new, empty account.')).toBeVisible();
  expect(await fitsThePhone(page)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('delete-account-390.png'), fullPage: true });

  await rights.deleteWithCode(() => latestCode(request, learner.phone));
  await expect(page.getByText(`${rupees(plan.pricePaise)} is on its way back to your payment method`, { exact: false })).toBeVisible();
  expect(await fitsThePhone(page)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('account-deleted-390.png'), fullPage: true });
  // Signed out here and on the server: the old sign-in opens nothing.
  expect((await request.get(`${apiOrigin}/v1/user/data-export`, { headers: bearer(learner) })).status()).toBe(401);
  await context.close();

  // The same number signs in to a new account with no students.
  const again = await signInLearnerByApi(request, learner.phone, learnerIndex);
  expect(again.learnerId).not.toBe(learner.learnerId);
  const account = (await (await request.get(`${apiOrigin}/v1/user/accounts/${again.learnerId}`, { headers: bearer(again) })).json()) as { students: object };
  expect(account.students).toEqual({});
  const freshContext = await browser.newContext({ baseURL, viewport: phone });
  const fresh = await freshContext.newPage();
  await signInPageAs(fresh, again);
  await fresh.goto('/account');
  await expect(fresh.getByRole('heading', { level: 1, name: 'One more step' })).toBeVisible();
  await freshContext.close();

  // The old receipt still opens by its link: a valid tax invoice for the teacher's books.
  const pdf = await request.get(`${apiOrigin}${receipt!.receipt_pdf_path!}`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
});
