import { expect, test, type Locator, type Page } from '@playwright/test';

import { seededLearners, signInThroughLogin } from '../pages/sign-in';
import { fitsThePhone, seededTeachers, teacherPhone } from '../pages/teachers';
import { TeacherSessions } from '../pages/teacher-sessions';

/**
 * Meera's son Aarav is in the teacher of the day's Tuesday and Thursday 5 pm batch, with classes
 * to spare; the seed leaves that batch's latest class with its register still to take.
 */
const meera = seededLearners.meera;
const student = 'Aarav';
const aaravsBatch = 'Tue & Thu, 5:00 PM';

async function classesLeft(page: Page): Promise<number> {
  await page.goto('/classes');
  const card: Locator = page.getByRole('list', { name: 'Your classes' }).getByRole('article').filter({ hasText: student });
  await expect(card).toContainText(/Classes left\s*\d+ of \d+/);
  const [, left] = /Classes left\s*(\d+) of/.exec((await card.textContent()) ?? '') ?? [];
  return Number(left);
}

test("the teacher takes the register from the schedule, the family's classes left drop by one, and the teacher's post reaches them", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { page, close } = await teacherPhone(browser, request, seededTeachers.priya, '/teach/schedule');
  const teacher = new TeacherSessions(page);

  // The schedule: this week by Bengaluru day; a started class without marks says so.
  await teacher.openSchedule();
  expect(await fitsThePhone(page)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('teacher-schedule-390.png'), fullPage: true });
  await teacher.openLatestClass(aaravsBatch, { toTake: true });
  expect(await teacher.canMark(student)).toBe(true);

  // The family, signed in on their own phone.
  const family = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const parent = await family.newPage();
  await parent.goto('/login?redirectTo=%2Fclasses');
  await signInThroughLogin(parent, request, meera.typed, meera.phone);
  await expect(parent).toHaveURL(/\/classes$/);
  await expect(parent.getByRole('list', { name: 'Your classes' })).toBeVisible();
  const before = await classesLeft(parent);

  // Before marking, the register shows where Aarav stands: every class left in his paid packs,
  // a renewal paid ahead included (the family's card counts the pack in use).
  await expect(teacher.student(student)).toContainText(/\d+ class(es)? left/);
  const [, onRegister] = /(\d+) class(?:es)? left/.exec((await teacher.student(student).textContent()) ?? '') ?? [];
  const registerBefore = Number(onRegister);
  expect(await fitsThePhone(page)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('teacher-register-390.png'), fullPage: true });

  await teacher.markPresent(student);
  await expect(teacher.student(student)).toContainText(registerBefore - 1 === 1 ? '1 class left' : `${registerBefore - 1} classes left`);
  expect(await classesLeft(parent)).toBe(before - 1);

  // A post to the batch reaches the family's My Updates.
  const title = `Chess puzzles for the weekend ${Date.now() % 10_000}`;
  await teacher.postUpdate(title, 'Try the three puzzles on the sheet; we will go through them next class.');
  await parent.goto('/updates');
  // In the family's own updates, and in the public feed below them.
  await expect(parent.getByRole('heading', { name: title }).first()).toBeVisible();
  await family.close();
  await close();
});
