import { expect, test, type Browser, type Page } from '@playwright/test';

import { adminPhone } from '../pages/admin-reviews';
import { signInPageAs, type SignedUpLearner } from '../pages/learners';
import { buyPack, invitedLearner, meetsNotToday, rupees } from '../pages/paying-families';
import { apiOrigin } from '../pages/sign-in';
import { latestNotifiedLink, TeacherPayments } from '../pages/teacher-payments';
import { TeacherSessions } from '../pages/teacher-sessions';
import { fitsThePhone, seededTeachers, teacherPhone } from '../pages/teachers';

/**
 * What a family and a teacher hold after the first payment, on their own phones at 390 px:
 * a second pack waiting behind the first, a pack cancelled for a refund, a batch ended by its
 * teacher, and a register mark corrected. Each journey signs in a teacher no other journey uses,
 * because ending a batch and cancelling packs change that teacher's batches for good.
 */

const phone = { width: 390, height: 844 } as const;

/**
 * A family's name, other on a retry: a retried journey invites new learners into the same
 * batches, and the teacher's lists tell students apart by name.
 */
function familyName(first: string): string {
  return `${first} ${['Rao', 'Bhat', 'Naik'][test.info().retry % 3]}`;
}

/** A family's own phone, signed in as the learner. */
async function familyPhone(browser: Browser, baseURL: string | undefined, learner: SignedUpLearner): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: phone });
  const page = await context.newPage();
  await signInPageAs(page, learner);
  return page;
}

/** A row of the account's history by its kind, as the row names it ("Payment", "Refund", "Kalike credit added"). */
function historyRow(page: Page, kind: string) {
  return page
    .getByRole('list', { name: 'Payments, refunds and credit' })
    .getByRole('listitem')
    .filter({ has: page.getByText(kind, { exact: true }) });
}

/** The family's enrolment card for the place on My Classes. */
async function enrolmentCard(page: Page, studentName: string) {
  await page.goto('/classes');
  const card = page.getByRole('list', { name: 'Your classes' }).getByRole('article').filter({ hasText: studentName });
  await expect(card).toHaveCount(1);
  return card;
}

async function screenshot(page: Page, name: string) {
  expect(await fitsThePhone(page)).toBe(true);
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
}

test('a teacher asks twice for the same child: the family pays one, the other is withdrawn, and the paid pack waits in line behind the one in use', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000);
  const teacher = await TeacherPayments.signIn(browser, request, seededTeachers.harini);
  const name = familyName('Farah');
  const { learner, batchStudentId, batch, plans } = await invitedLearner(request, teacher, 230, { name });
  const [first, second] = [plans[0]!, plans[1] ?? plans[0]!];
  const family = await familyPhone(browser, baseURL, learner);
  await buyPack(family, batchStudentId, first);

  // Two requests while the first pack is in use, as a teacher who forgot the first would send.
  await teacher.askToPay(batch, name, first.name);
  const firstRequest = await latestNotifiedLink(family, /\/payment-request\/[0-9a-f-]{36}/);
  await teacher.askToPay(batch, name, second.name);
  let secondRequest = firstRequest;
  await expect
    .poll(async () => (secondRequest = await latestNotifiedLink(family, /\/payment-request\/[0-9a-f-]{36}/)), { timeout: 30_000 })
    .not.toBe(firstRequest);

  // The family pays the second; the first can no longer be paid.
  await family.goto(secondRequest);
  await family.getByRole('button', { name: `Pay ${rupees(second.pricePaise)}` }).click();
  await expect(family).toHaveURL(/\/v1\/payments\/sandbox\/checkout\//);
  await family.getByRole('button', { name: /^Pay ₹/ }).click();
  await expect(family).toHaveURL(/\/payment-success\?/);
  // The receipt shows as soon as the gateway says paid; the pack is settled a moment later.
  await expect(async () => {
    await family.goto(firstRequest);
    await expect(family.getByText('Cancelled').first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(family.getByRole('button', { name: /^Pay ₹/ })).toHaveCount(0);
  await screenshot(family, 'withdrawn-request');

  // Both packs are the family's: the one in use, whole, and the paid one waiting behind it.
  const card = await enrolmentCard(family, name);
  await expect(card).toContainText(`Classes left${first.classesCount} of ${first.classesCount}`);
  await expect(card).toContainText(`Next${second.classesCount} classes, starts when this one ends`);
  await screenshot(family, 'queued-pack-my-classes');

  // Change plan shows the same line; a third pack cannot be bought on top.
  await family.goto(`/payments/select-payment-plan?batchStudentID=${batchStudentId}`);
  await expect(family.getByRole('heading', { name: 'Next pack, paid and waiting' })).toBeVisible();
  await expect(family.getByText('A pack is already waiting')).toBeVisible();

  // The teacher sees the first request withdrawn and the waiting pack when asking again.
  await teacher.openPayments();
  expect(await teacher.requestState(name)).toBe('completed');
  const ask = teacher.section('Ask to pay');
  await ask.getByRole('combobox', { name: 'Batch' }).selectOption({ label: batch });
  await expect(ask).toContainText('a pack is already waiting');
  await screenshot(teacher.page, 'teacher-ask-with-waiting-pack');
  await family.context().close();
  await teacher.close();
});

test('a family cancels a pack within the first days and gets it all back to the payment method, with a credit note', async ({ browser, baseURL, request }) => {
  test.setTimeout(120_000);
  const teacher = await TeacherPayments.signIn(browser, request, seededTeachers.harini);
  const name = familyName('Kiran');
  const { learner, batchStudentId, plans } = await invitedLearner(request, teacher, 231, { name });
  await teacher.close();
  const plan = plans[0]!;
  const family = await familyPhone(browser, baseURL, learner);
  await buyPack(family, batchStudentId, plan);

  const card = await enrolmentCard(family, name);
  await card.getByRole('link', { name: 'Cancel this pack for a refund' }).click();
  await expect(family.getByRole('heading', { level: 1, name: 'Cancel a class pack' })).toBeVisible();
  const quote = family.getByRole('region', { name: 'What comes back' });
  await expect(quote).toContainText(rupees(plan.pricePaise));
  await expect(quote).toContainText(`Classes used0 of ${plan.classesCount}`);
  await screenshot(family, 'cancel-pack-quote');

  await family.getByRole('radio', { name: /To my payment method/ }).check();
  await family.getByRole('button', { name: `Cancel the pack and get back ${rupees(plan.pricePaise)}` }).click();
  await expect(family.getByText('Your class pack is cancelled')).toBeVisible();
  const refund = family.getByRole('article', { name: `Refund of ${rupees(plan.pricePaise)}` });
  await expect(refund).toContainText(/Credit noteCN\/\d{2}-\d{2}\/\d+ \(for invoice KLK\/\d{4}-\d{2}\/\d+\)/);
  await screenshot(family, 'cancel-pack-done');
  const pdf = await request.get(
    `${apiOrigin}${(await refund.getByRole('link', { name: 'Download the credit note (PDF)' }).getAttribute('href'))!.replace(/^.*\/v1\//, '/v1/')}`,
  );
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  // The account's history holds the payment and the refund, each with its paper.
  await family.goto('/account/payments');
  const refundRow = historyRow(family, 'Refund');
  await expect(refundRow).toContainText(`+${rupees(plan.pricePaise)}`);
  await expect(refundRow.getByRole('link', { name: 'Credit note PDF' })).toBeVisible();
  await expect(historyRow(family, 'Kalike credit added')).toHaveCount(0);
  await expect(historyRow(family, 'Payment')).toContainText(/Tax invoice KLK\//);
  await screenshot(family, 'account-payments-after-refund');

  // The credit note as a page, by its link: the invoice it cites and CGST and SGST reversed in halves.
  await refundRow.getByRole('link', { name: /^Credit note CN\// }).click();
  await expect(family.getByRole('heading', { level: 1, name: 'Credit note' })).toBeVisible();
  const note = family.getByRole('article');
  await expect(note).toContainText(/Against tax invoiceKLK\/\d{4}-\d{2}\/\d+/);
  await expect(note.getByRole('region', { name: 'Tax reversed' })).toContainText(/CGST 9%₹[\d,.]+SGST 9%₹[\d,.]+/);
  await expect(note).toContainText(`Total refunded${rupees(plan.pricePaise)}`);
  await screenshot(family, 'credit-note-page');

  // My Classes no longer offers the pack's classes.
  const after = await enrolmentCard(family, name);
  await expect(after).not.toContainText(`Classes left${plan.classesCount} of`);
  await expect(after.getByRole('link', { name: 'Cancel this pack for a refund' })).toHaveCount(0);
  await family.context().close();
});

test('a teacher ends a batch: both families in it see their unused classes refunded', async ({ browser, baseURL, request }) => {
  test.setTimeout(150_000);
  const teacher = await TeacherPayments.signIn(browser, request, seededTeachers.bhavana);
  const names = [familyName('Anil'), familyName('Nandini')] as const;
  const firstFamily = await invitedLearner(request, teacher, 232, { name: names[0] });
  const secondFamily = await invitedLearner(request, teacher, 233, { name: names[1], batch: firstFamily.batch });
  const phones: Array<{ page: Page; name: string; paid: number }> = [];
  for (const [family, name] of [
    [firstFamily, names[0]],
    [secondFamily, names[1]],
  ] as const) {
    const page = await familyPhone(browser, baseURL, family.learner);
    const plan = family.plans[0]!;
    await buyPack(page, family.batchStudentId, plan);
    phones.push({ page, name, paid: plan.pricePaise });
  }

  const said = await teacher.endBatch(firstFamily.batch);
  // The teacher's money pages print amounts to the paisa.
  const refunded = (phones[0]!.paid + phones[1]!.paid) / 100;
  expect(said).toContain(`₹${refunded.toLocaleString('en-IN', { minimumFractionDigits: 2 })} is being refunded to its families`);
  await screenshot(teacher.page, 'teacher-ended-batch');
  await teacher.openPayments();
  await expect(teacher.section('Students').getByRole('region', { name: firstFamily.batch, exact: true })).toHaveCount(0);

  for (const { page, name, paid } of phones) {
    await page.goto('/account/payments');
    const refund = historyRow(page, 'Refund');
    await expect(refund).toContainText(`+${rupees(paid)}`);
    await screenshot(page, `ended-batch-refund-${name.split(' ')[0]!.toLowerCase()}`);
    await page.goto('/classes');
    await expect(page.getByRole('list', { name: 'Your classes' }).getByRole('article').filter({ hasText: name })).toHaveCount(0);
    await page.context().close();
  }
  await teacher.close();
});

test('a teacher is told a mark uses a class, marks a student present by mistake, corrects it, and the family has the class back', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000);
  const payments = await TeacherPayments.signIn(browser, request, seededTeachers.grace);
  const name = familyName('Rohan');
  const { learner, batchStudentId, batch, plans } = await invitedLearner(request, payments, 234, { name, batch: meetsNotToday });
  await payments.close();
  const plan = plans[0]!;
  const family = await familyPhone(browser, baseURL, learner);
  await buyPack(family, batchStudentId, plan);
  const classesLeft = async () => (await enrolmentCard(family, name)).textContent();
  expect(await classesLeft()).toContain(`Classes left${plan.classesCount} of ${plan.classesCount}`);

  // An extra class now, added from the batch's next class, so the register can be taken today.
  const { page, close } = await teacherPhone(browser, request, seededTeachers.grace, '/teach/schedule');
  const teacher = new TeacherSessions(page);
  await teacher.openNextClass(batch);
  await teacher.addExtraClassNow();

  // Before saving, the register says what a mark does to the family's classes.
  await page.getByRole('group', { name }).getByRole('radio', { name: 'Present' }).check();
  await expect(teacher.student(name)).toContainText(/uses one of/i);
  await screenshot(page, 'register-before-saving');
  await page.getByRole('button', { name: /^Save register/ }).click();
  await expect(page.getByText(/^Register saved: /)).toBeVisible();
  await expect(teacher.student(name)).toContainText('Marked present');
  expect(await classesLeft()).toContain(`Classes left${plan.classesCount - 1} of ${plan.classesCount}`);

  // The teacher corrects it: told first that the class goes back.
  await teacher.student(name).getByRole('button', { name: 'Change to absent' }).click();
  await expect(teacher.student(name)).toContainText(`Absent gives ${name}'s class back.`);
  await screenshot(page, 'register-correcting');
  await teacher.student(name).getByRole('button', { name: 'Mark absent' }).click();
  await expect(teacher.student(name)).toContainText('Marked absent');
  expect(await classesLeft()).toContain(`Classes left${plan.classesCount} of ${plan.classesCount}`);
  await screenshot(family, 'class-back-my-classes');
  await family.context().close();
  await close();
});

test("a family reports a class that did not happen, Kalike's admin refunds it, and the family sees the money back", async ({ browser, baseURL, request }) => {
  test.setTimeout(150_000);
  const payments = await TeacherPayments.signIn(browser, request, seededTeachers.harini);
  const name = familyName('Meghana');
  const { learner, batchStudentId, batch, plans } = await invitedLearner(request, payments, 235, { name, batch: meetsNotToday });
  await payments.close();
  const plan = plans[0]!;
  const family = await familyPhone(browser, baseURL, learner);
  await buyPack(family, batchStudentId, plan);

  // A class that starts now and that the teacher never holds: no register is taken.
  const { page: teacherPage, close } = await teacherPhone(browser, request, seededTeachers.harini, '/teach/schedule');
  const teacher = new TeacherSessions(teacherPage);
  await teacher.openNextClass(batch);
  await teacher.addExtraClassNow();
  await close();

  // The family reports it from My Classes, with a note.
  const card = await enrolmentCard(family, name);
  const recent = card.getByRole('region', { name: 'Recent classes' });
  await recent
    .getByRole('button', { name: /^Class did not happen\?/ })
    .first()
    .click();
  const form = recent.getByRole('form', { name: /^Report the class on / });
  await form.getByRole('textbox', { name: 'What happened? (optional)' }).fill('We waited 30 minutes and the teacher did not join.');
  await form.getByRole('button', { name: 'Report the class' }).click();
  await expect(recent).toContainText('Reported: Kalike is looking into it');
  await screenshot(family, 'class-reported');

  // Kalike's admin, on a phone, reads the report with what the family holds, and refunds the class.
  const admin = await adminPhone(browser, request, '/admin/refunds');
  await expect(admin.getByRole('heading', { level: 1, name: 'Refunds' })).toBeVisible();
  const report = admin.getByRole('list', { name: 'Open reports' }).getByRole('article').filter({ hasText: name });
  await expect(report).toContainText('We waited 30 minutes and the teacher did not join.');
  const perClass = Math.floor(plan.pricePaise / plan.classesCount);
  const refundButton = report.getByRole('button', { name: `Refund the class (${rupees(perClass)})` });
  await expect(refundButton).toBeVisible();
  await screenshot(admin, 'admin-refunds-report');
  await refundButton.click();
  await expect(
    admin
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: `${rupees(perClass)} refunded to ${name}` }),
  ).toBeVisible();
  await expect(admin.getByRole('list', { name: 'Open reports' }).getByRole('article').filter({ hasText: name })).toHaveCount(0);
  // The decision is in the log of admin money actions.
  await expect(admin.getByRole('list', { name: 'Admin money actions' })).toContainText(rupees(perClass));
  await screenshot(admin, 'admin-refunds-after');
  await admin.context().close();

  // The family sees the decision on the class, the money in the history, and every class still held.
  const after = await enrolmentCard(family, name);
  await expect(after.getByRole('region', { name: 'Recent classes' })).toContainText(`Refunded: ${rupees(perClass)}`);
  await expect(after).toContainText(`Classes left${plan.classesCount - 1} of ${plan.classesCount}`);
  await family.goto('/account/payments');
  await expect(historyRow(family, 'Refund')).toContainText(`+${rupees(perClass)}`);
  await screenshot(family, 'class-refund-history');
  await family.context().close();
});
