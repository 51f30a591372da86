import { expect, test, type Page } from '@playwright/test';

import { seededTeachers, teacherPhone, type TeacherPhone } from '../pages/teachers';
import { TeacherWorkspace } from '../pages/teacher-workspace';

// A teacher's day at 390 px: the teacher's phone, signed in once a run (shared with the listing journey), for every test.
test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 390, height: 844 } });

let phone: TeacherPhone;
let teacherPage: Page;
let workspace: TeacherWorkspace;

async function expectNoSideways(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test.beforeAll(async ({ browser, request }) => {
  phone = await teacherPhone(browser, request, seededTeachers.vidya, '/teach');
  teacherPage = phone.page;
  workspace = new TeacherWorkspace(teacherPage);
});

test.afterAll(async () => {
  await phone.close();
});

test('a review reply is previewed as families will see it before it goes live; Edit goes back to the text', async () => {
  await workspace.openReviews();
  const author = await workspace.firstUnansweredAuthor();
  const review = workspace.review(author);
  const text = 'Thank you for the kind words. See you in class.';
  await review.getByRole('textbox', { name: `Your public reply to ${author}` }).fill(text);
  await review.getByRole('button', { name: 'Preview reply' }).click();

  const preview = review.getByRole('region', { name: 'Preview: how families will see your reply' });
  await expect(preview.getByText(text, { exact: true })).toBeVisible();
  await expect(preview.getByText(/^Reply from /)).toBeVisible();
  await expect(preview.getByText(/cannot be changed or deleted/)).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Publish reply' })).toBeInViewport({ ratio: 1 });
  await expectNoSideways(teacherPage);

  // Not published: Edit brings the text back, and the review still waits for a reply.
  await preview.getByRole('button', { name: 'Edit' }).click();
  await expect(review.getByRole('textbox', { name: `Your public reply to ${author}` })).toHaveValue(text);
  await teacherPage.reload();
  await expect(workspace.review(author).getByRole('textbox', { name: `Your public reply to ${author}` })).toHaveValue('');
});

test('/teach/schedule shows all seven days of this week and fits the phone', async () => {
  await teacherPage.goto('/teach/schedule');
  await expect(teacherPage.getByRole('navigation', { name: 'Weeks' })).toBeVisible({ timeout: 15_000 });
  await expect(teacherPage.getByRole('status', { name: 'Loading your week' })).toHaveCount(0);
  const days = teacherPage.getByRole('heading', { level: 2, name: /(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \d{1,2} / });
  if ((await teacherPage.getByRole('heading', { name: 'No classes this week' }).count()) === 0) await expect(days).toHaveCount(7);
  await expectNoSideways(teacherPage);
  await teacherPage.screenshot({ path: test.info().outputPath('teach-schedule-390.png'), fullPage: true });
});

test('/teach/payouts fits the phone, and promises no payout date without a payout account', async () => {
  await teacherPage.goto('/teach/payouts');
  const payable = teacherPage.getByRole('region', { name: 'Payable now' });
  await expect(payable).toBeVisible({ timeout: 15_000 });
  // The seed gives no teacher a payout account: no Monday is promised, and the page says what is needed.
  await expect(payable.getByText('Next payout').locator('xpath=following-sibling::dd[1]')).toHaveText('None yet: add a bank account or UPI id below');
  await expect(payable.getByText('Add a bank account or UPI id first.')).toBeVisible();
  await expect(payable.getByText(/^Monday, /)).toHaveCount(0);
  await expectNoSideways(teacherPage);
  await teacherPage.screenshot({ path: test.info().outputPath('teach-payouts-390.png'), fullPage: true });
});
