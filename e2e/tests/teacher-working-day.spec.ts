import { expect, test, type Page } from '@playwright/test';

import { rupees } from '../pages/paying-families';
import { signInThroughLogin } from '../pages/sign-in';
import { TeacherEnquiries } from '../pages/teacher-enquiries';
import { expectedFigures, latestNotifiedLink, plus, TeacherPayments, thisIstMonth } from '../pages/teacher-payments';
import { TeacherSessions } from '../pages/teacher-sessions';
import { fitsThePhone, seededTeachers } from '../pages/teachers';
import { TeacherWorkspace } from '../pages/teacher-workspace';

/**
 * The teacher of the day's two batches with held classes and seats left meet on Tuesdays and
 * Thursdays, and on Mondays, Wednesdays and Fridays: the family joins the one that has no class
 * today, so the teacher can add today's extra class and take its register whatever the day.
 */
const istWeekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'Asia/Kolkata' }).format(new Date());
const batchName = ['Tue', 'Thu'].includes(istWeekday) ? 'Mon & Wed & Fri, 4:00 PM' : 'Tue & Thu, 5:00 PM';
const child = 'Tara';
const parentName = 'Revathi Hegde';

/** A number nobody has used in this run, so the family starts as new learners. */
const freshPhone = () => `+9196${String(Date.now()).slice(-6)}42`;

/** "₹1,500" or "₹1,180.50" as the learner's pages write an amount. */

/** The amount in a text that writes it as the learner's pages do ("Pay ₹1,500"), in paise. */
function paiseShown(text: string): number {
  const match = /₹([\d,]+)(?:\.(\d{2}))?/.exec(text);
  if (!match) throw new Error(`No amount in: ${text}`);
  return Number(match[1]!.replace(/,/g, '')) * 100 + Number(match[2] ?? 0);
}

async function classesLeft(page: Page): Promise<{ left: number; of: number }> {
  await page.goto('/classes');
  const card = page.getByRole('list', { name: 'Your classes' }).getByRole('article').filter({ hasText: child });
  await expect(card).toContainText(/Classes left\s*\d+ of \d+/);
  const [, left, of] = /Classes left\s*(\d+) of (\d+)/.exec((await card.textContent()) ?? '') ?? [];
  return { left: Number(left), of: Number(of) };
}

/** The sandbox gateway's page, where the learner confirms the payment as on a real checkout. */
async function payInSandbox(page: Page) {
  await expect(page).toHaveURL(/\/v1\/payments\/sandbox\/checkout\//);
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
}

test("a teacher's working day on a phone: an enquiry answered, a family enrolled and paid, the register taken, a renewal asked for and paid, and earnings to the paisa", async ({
  browser,
  request,
}) => {
  // Two people on two phones, each signing in with a texted code; the inbox checks every 30 s.
  test.setTimeout(240_000);
  const teacher = await TeacherEnquiries.signIn(browser, request, seededTeachers.priya);
  const teacherPage = teacher.page;
  const workspace = new TeacherWorkspace(teacherPage);
  await workspace.openHome();
  expect(await fitsThePhone(teacherPage)).toBe(true);
  await workspace.openSection('Enquiries');
  await expect(teacherPage.getByRole('heading', { level: 1, name: 'Enquiries' })).toBeVisible();

  // The family finds the teacher by name (publicPage) on their own phone and enquires, signing in on the way.
  // (The home page's Teacher of the Day is chosen among well-rated teachers near the family, by the day.)
  const familyContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const family = await familyContext.newPage();
  const phone = freshPhone();
  // Other teachers share the name: the family opens the one whose page is this teacher's.
  await family.goto((await teacher.publicPage(request)).path);
  await expect(family.getByRole('heading', { level: 1, name: teacher.teacher.name })).toBeVisible();
  await family.getByRole('link', { name: 'Enquire' }).first().click();
  await expect(family.getByRole('heading', { level: 1, name: `Enquire with ${teacher.teacher.name}` })).toBeVisible();
  await family.getByRole('radio', { name: 'Add a child' }).check();
  await family.getByLabel("Child's name").fill(child);
  await family.getByRole('checkbox', { name: 'Tuesday' }).check();
  await family.getByRole('checkbox', { name: 'Thursday' }).check();
  await family.getByRole('checkbox', { name: /^Evening/ }).check();
  await family.getByLabel('Message for the teacher').fill('Tara is 9 and wants to start after school on weekdays.');
  await family.getByLabel('Your name').fill(parentName);
  await family.getByRole('button', { name: 'Continue' }).click();
  await expect(family).toHaveURL(/\/login\?redirectTo=/);
  await signInThroughLogin(family, request, phone.slice(3), phone);
  await expect(family.getByRole('heading', { name: 'One more step' })).toBeVisible();
  await family.getByLabel('Your name').fill(parentName);
  await family.getByRole('button', { name: 'Continue' }).click();
  await expect(family.getByLabel("Child's name")).toHaveValue(child);
  await family.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(family).toHaveURL(/\/enquire\/[0-9a-f-]{36}\/enrichment$/);
  const enquiryId = new URL(family.url()).pathname.split('/')[2]!;

  // The teacher's open inbox shows it on its next check, with the reply deadline counting down.
  const card = teacher.inboxCard(`Revathi · for ${child}`);
  await expect(card).toBeVisible({ timeout: 45_000 });
  await expect(card).toContainText(/Reply within/);
  await teacher.openEnquiry({ from: 'Revathi' });
  await expect(teacherPage).toHaveURL(`/teach/enquiries/${enquiryId}`);
  await expect(teacherPage.getByText('wants to start after school on weekdays', { exact: false }).first()).toBeVisible();
  await teacher.reply('Welcome, Tara! My Tuesday and Thursday 5 pm batch has a seat for her.');
  await teacher.offerBatch(batchName, 'Here is her place.');
  await teacherPage.screenshot({ path: test.info().outputPath('working-day-enquiry-390.png'), fullPage: true });
  expect(await fitsThePhone(teacherPage)).toBe(true);

  // The family reads the reply, enrols Tara and pays for the smallest pack.
  await family.goto(`/${enquiryId}`);
  await expect(family.getByText('My Tuesday and Thursday 5 pm batch has a seat for her.').first()).toBeVisible();
  await family.getByRole('link', { name: /^Enrol/ }).click();
  await family.getByRole('radio', { name: child }).check();
  await family.getByRole('button', { name: 'Confirm enrolment' }).click();
  await expect(family.getByRole('heading', { level: 1, name: 'Choose a class pack' })).toBeVisible();
  const firstPack = family.getByRole('radio').first();
  await firstPack.check();
  await family.getByRole('button', { name: 'Continue to pay' }).click();
  await expect(family.getByRole('heading', { level: 1, name: 'Pay for your class pack' })).toBeVisible();
  const payButton = family.getByRole('button', { name: /^Pay ₹/ });
  const packPaise = paiseShown((await payButton.textContent()) ?? '');
  await payButton.click();
  await payInSandbox(family);
  await expect(family).toHaveURL(/\/payments\/payment-success\?/);
  const pack = family.getByRole('region', { name: 'Your class pack' });
  await expect(pack).toContainText('Active');
  const paid = await classesLeft(family);
  expect(paid.left).toBe(paid.of);

  // The teacher adds the class they are teaching now to the batch, opens its register and marks Tara present.
  const sessions = new TeacherSessions(teacherPage);
  await sessions.openLatestClass(batchName);
  await sessions.addExtraClassNow();
  await expect(sessions.student(child)).toContainText(`${paid.left} classes left`);
  await sessions.markPresent(child);
  await expect(sessions.student(child)).toContainText(paid.left - 1 === 1 ? '1 class left' : `${paid.left - 1} classes left`);
  await teacherPage.screenshot({ path: test.info().outputPath('working-day-register-390.png'), fullPage: true });
  expect(await fitsThePhone(teacherPage)).toBe(true);

  // The family's classes left drop by one.
  expect(await classesLeft(family)).toEqual({ left: paid.left - 1, of: paid.of });

  // The teacher asks for the next pack (chosen, never typed); the family pays it from the text.
  const payments = new TeacherPayments(teacherPage);
  await payments.openPayments();
  const batch = await payments.batchOf(child);
  const [renewalPlan] = await payments.plansFor(batch, child);
  const renewalPaise = await payments.planPricePaise(batch, child, renewalPlan!);
  await payments.askToPay(batch, child, renewalPlan!);
  const requestPath = await latestNotifiedLink(family, /\/payment-request\/[0-9a-f-]{36}/);
  await family.goto(requestPath);
  await family.getByRole('button', { name: `Pay ${rupees(renewalPaise)}` }).click();
  await payInSandbox(family);
  await expect(family).toHaveURL(/\/payment-success\?/);
  await expect(family.getByText(/KLK\/\d{4}-\d{2}\/\d+/)).toBeVisible();

  // The teacher sees the request paid, and the statement holds both payments to the paisa.
  await payments.openPayments();
  expect(await payments.requestState(child)).toBe('completed');
  expect(await payments.earningsRow(thisIstMonth(), child)).toEqual(plus(expectedFigures(packPaise), expectedFigures(renewalPaise)));
  await payments.section('Earnings').screenshot({ path: test.info().outputPath('working-day-earnings-390.png') });
  expect(await fitsThePhone(teacherPage)).toBe(true);

  await familyContext.close();
  await teacher.close();
});
