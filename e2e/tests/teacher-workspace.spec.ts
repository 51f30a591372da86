import { expect, test, type Page } from '@playwright/test';

import { signInThroughLogin } from '../pages/sign-in';
import { seededTeachers } from '../pages/teachers';
import { TeacherWorkspace } from '../pages/teacher-workspace';

// One teacher for the whole file: they sign in once through /login and every test reuses that browser state.
test.describe.configure({ mode: 'serial' });

let teacherPage: Page;
let workspace: TeacherWorkspace;

test.beforeAll(async ({ browser }) => {
  teacherPage = await browser.newPage();
  workspace = new TeacherWorkspace(teacherPage);
  await workspace.signInAsTeacher(seededTeachers.vidya.phone, seededTeachers.vidya.typed);
});

test.afterAll(async () => {
  await teacherPage.close();
});

test('a teacher signs in and lands on /teach: greeted, with the three cards and the workspace navigation', async () => {
  await expect(teacherPage.getByRole('heading', { level: 1, name: 'Hello, Vidya' })).toBeVisible();
  // Each card is the remote's widget or, while that remote lacks it, a small card saying so: never a blank home.
  for (const card of ["Today's classes", 'Enquiries waiting', 'Money due'] as const) {
    await expect(workspace.homeCard(card).getByRole('heading').first()).toBeVisible({ timeout: 15_000 });
  }
  await expect(workspace.navigation().getByRole('link')).toHaveText(['Home', 'Enquiries', 'Schedule', 'Payments', 'Reviews']);
  await expect(workspace.navigation().getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

  await teacherPage.getByRole('button', { name: 'Menu' }).click();
  await expect(teacherPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teacher workspace' })).toHaveAttribute('href', '/teach');
  await teacherPage.keyboard.press('Escape');

  await workspace.openSection('Reviews');
  await expect(teacherPage).toHaveURL('/teach/reviews');
});

test('the teacher replies to a review once, and the reply shows under it on their public page', async () => {
  await workspace.openReviews();
  const author = await workspace.firstUnansweredAuthor();
  const reply = `Thank you, ${author.split(' ')[0]}! It is a joy to teach your child.`;
  await workspace.replyTo(author, reply);

  await workspace.openPublicPageOf(workspace.review(author));
  const onPage = teacherPage.getByRole('article', { name: `Review by ${author}` }).filter({ hasText: reply });
  await expect(onPage.getByText(reply, { exact: true })).toBeVisible();
  await expect(onPage.getByText(/^Reply from Vidya Fernandes · /)).toBeVisible();
  // On their own page a teacher is pointed back to the workspace, not offered Enquire.
  await expect(teacherPage.getByText(/This is your page as learners see it\./)).toBeVisible();
  await expect(teacherPage.getByRole('link', { name: /^Enquire/ })).toHaveCount(0);
});

test('/account leads a teacher into the workspace', async () => {
  await teacherPage.goto('/account');
  await expect(teacherPage.getByText(seededTeachers.vidya.name, { exact: true })).toBeVisible();
  await expect(teacherPage.getByRole('link', { name: 'Open your workspace' })).toHaveAttribute('href', '/teach');
});

test('a signed-out person opening /teach is sent to sign in and comes back', async ({ page }) => {
  await page.goto('/teach/reviews');
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent('/teach/reviews')}`);
});

test('a learner opening /teach is told it is for teachers and how to become one', async ({ page, request }) => {
  // A new learner of this run: the seeded ones' codes are spent by other journeys.
  const phone = `+9198${String(Date.now()).slice(-8)}`;
  await page.goto('/login?redirectTo=/teach');
  await signInThroughLogin(page, request, phone.slice(3), phone);
  await page.getByLabel('Your name').fill('Nisha Rao');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/teach');
  await expect(page.getByRole('heading', { level: 1, name: 'The teacher workspace is for Kalike teachers' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Teach on Kalike' })).toHaveAttribute('href', '/teach-on-kalike');
  await expect(page.getByRole('navigation', { name: 'Teacher workspace' })).toHaveCount(0);
  await page.goto('/teach/payments');
  await expect(page.getByRole('heading', { level: 1, name: 'The teacher workspace is for Kalike teachers' })).toBeVisible();
});

test('at 390 px, /teach and /teach/reviews fit the phone', async () => {
  await teacherPage.setViewportSize({ width: 390, height: 844 });
  for (const [path, name] of [
    ['/teach', 'teach-home'],
    ['/teach/reviews', 'teach-reviews'],
  ] as const) {
    await teacherPage.goto(path);
    await expect(teacherPage.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(teacherPage.getByRole('status', { name: /^Loading/ })).toHaveCount(0, { timeout: 15_000 });
    const width = await teacherPage.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await teacherPage.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
  }
});
