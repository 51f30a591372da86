import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';

import { signInPageAs, signInSeededLearner } from '../pages/learners';
import { apiOrigin, seededLearners } from '../pages/sign-in';

/** The seeded family: two children, each enrolled in a batch of the teacher of the day. */
const meera = { phone: seededLearners.meera.phone, name: seededLearners.meera.name, students: ['Aarav', 'Diya'] } as const;
const meeraAddress = 231;

const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Sessions, classes and updates' });

test("an enrolled family with two students sees both children's sessions by day, a cancelled class, and adds one to the calendar", async ({
  page,
  request,
}) => {
  const family = await signInSeededLearner(request, meera.phone, meeraAddress);
  await signInPageAs(page, family);

  const upcoming = await request.get(`${apiOrigin}/v1/class/sessions/learner/upcoming`, {
    headers: { authorization: `Bearer ${family.user.tokens.accessToken}` },
  });
  expect(upcoming.status()).toBe(200);
  const { batches } = (await upcoming.json()) as {
    batches: Array<{
      batch: { name: string; teacher: { name: string }; sessions: Array<{ id: string; status: string; cancelReason: string | null }> };
      students: Array<{ name: string }>;
    }>;
  };
  expect(batches.flatMap((entry) => entry.students.map((student) => student.name)).sort()).toEqual([...meera.students].sort());

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/learner/sessions');
  await expect(page.getByRole('heading', { level: 1, name: 'Sessions' })).toBeVisible();
  await expect(tabBar(page)).toBeVisible();
  // The family's latest attended class without a rating, from the pending surveys.
  const prompt = page.getByRole('region').filter({ hasText: 'Rate your last class' });
  await expect(prompt.getByRole('radiogroup', { name: /How was the class for (Aarav|Diya)\?/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('sessions-390.png'), fullPage: true });
  for (const student of meera.students) await expect(page.getByText(student).first()).toBeVisible();
  const scheduled = batches.flatMap((entry) => entry.batch.sessions).filter((session) => session.status === 'scheduled');
  await expect(page.getByRole('button', { name: /Add .* to calendar/ })).toHaveCount(scheduled.length);
  // The class the teacher called off stays on the list, with the reason.
  await expect(page.getByText('Teacher travelling').first()).toBeVisible();

  const download = page.waitForEvent('download');
  await page
    .getByRole('button', { name: /Add .* to calendar/ })
    .first()
    .click();
  const calendar = await readFile((await (await download).path())!, 'utf8');
  expect(calendar).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(calendar).toMatch(/DTSTART:\d{8}T\d{6}Z/);
  expect(calendar).toContain(batches[0]!.batch.teacher.name.split(' ')[0]);
});

test("a parent rates the class a child attended, and the review is on the teacher's page", async ({ page, request }) => {
  const family = await signInSeededLearner(request, meera.phone, meeraAddress);
  await signInPageAs(page, family);
  const review = `Aarav comes home humming every Tuesday. Thank you! (${Date.now()})`;

  await page.goto('/updates');
  await expect(tabBar(page)).toBeVisible();
  const survey = page.getByRole('article').filter({ hasText: 'Rate a class' }).filter({ hasText: 'Aarav' });
  await expect(survey.getByRole('radiogroup', { name: 'How was the class for Aarav?' })).toBeVisible();
  await survey.locator('label').filter({ hasText: '5 stars' }).click();
  await expect(survey.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await survey.getByRole('textbox', { name: /A few words for/ }).fill(review);
  await survey.getByRole('button', { name: 'Send rating' }).click();
  await expect(survey.getByText("Thank you for rating Aarav's class.")).toBeVisible();

  // The same class cannot be rated twice, whoever asks.
  const again = await request.get(`${apiOrigin}/v1/surveys/learnerAccount/${family.learnerId}/pending-surveys`, {
    headers: { authorization: `Bearer ${family.user.tokens.accessToken}` },
  });
  const { surveys } = (await again.json()) as { surveys: Array<{ studentName: string }> };
  expect(surveys.map((pending) => pending.studentName)).not.toContain('Aarav');

  await survey.getByRole('link', { name: /'s page$/ }).click();
  await expect(page).toHaveURL(/\/discover\/bengaluru\/[^/]+\/teachers\/[^/]+$/);
  await expect(page.getByText(review)).toBeVisible();
});

test("My Classes shows what is left of each child's pack and leads into the payments remote to renew", async ({ page, request }) => {
  const family = await signInSeededLearner(request, meera.phone, meeraAddress);
  await signInPageAs(page, family);

  await page.goto('/classes');
  await expect(page.getByRole('heading', { level: 1, name: 'My Classes' })).toBeVisible();
  await expect(tabBar(page)).toBeVisible();
  const classes = page.getByRole('list', { name: 'Your classes' }).getByRole('article');
  await expect(classes).toHaveCount(2);
  await expect(classes.filter({ hasText: 'Aarav' })).toContainText(/Classes left\s*\d+ of \d+/);
  // Diya has used every class of her pack: renewing is the next step.
  const diya = classes.filter({ hasText: 'Diya' });
  await expect(diya).toContainText('All classes of this pack are used');
  await diya.getByRole('link', { name: 'Renew' }).click();

  await expect(page).toHaveURL(/\/payments\/select-payment-plan\?batchStudentID=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Diya').first()).toBeVisible();
  await expect(tabBar(page)).toHaveCount(0);
});

test("the tab bar shows on Sessions, My Classes and My Updates only, never in the app, and not while a family's sessions load", async ({
  page,
  request,
  browser,
}) => {
  await page.goto('/updates');
  await expect(tabBar(page)).toBeVisible();
  await tabBar(page).getByRole('link', { name: 'My Classes' }).click();
  await expect(page).toHaveURL('/classes');
  await expect(tabBar(page).getByRole('link', { name: 'My Classes' })).toHaveClass(/active/);
  await expect(page.getByRole('link', { name: /Sign in/ }).first()).toBeVisible();
  for (const elsewhere of ['/discover', '/enquiries', '/shortlist']) {
    await page.goto(elsewhere);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(tabBar(page)).toHaveCount(0);
  }

  // Signed in, the bar waits for the family's sessions before it appears.
  const family = await signInSeededLearner(request, meera.phone, meeraAddress);
  await signInPageAs(page, family);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/v1/class/sessions/learner/upcoming**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/learner/sessions');
  await expect(page.getByRole('status', { name: 'Loading your sessions' })).toBeVisible();
  await expect(tabBar(page)).toHaveCount(0);
  release();
  await expect(page.getByText('Aarav').first()).toBeVisible();
  await expect(tabBar(page)).toBeVisible();

  // Inside the native app, the app's own tabs stand in for it.
  const app = await browser.newPage();
  await app.addInitScript(() => localStorage.setItem('isMobile', 'true'));
  await app.goto('/updates');
  await expect(app.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(tabBar(app)).toHaveCount(0);
  await app.close();
});
