import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';

import { dataDir } from '../../playwright.config';
import { signUpLearner, type SignedUpLearner } from '../../pages/learners';
import { bearer, buyPack, invitedLearner } from '../../pages/paying-families';
import { apiOrigin } from '../../pages/sign-in';
import { TeacherEnquiries } from '../../pages/teacher-enquiries';
import { TeacherPayments } from '../../pages/teacher-payments';
import { fitsThePhone, seededTeachers, teacherPhone } from '../../pages/teachers';

/**
 * After the first payment, on a family's and a teacher's phones at 390 px, with the API's clock
 * moved (TESTING_ROUTES): the evening before a class the family is reminded in the app and on
 * WhatsApp; the teacher cancels the class, so no class-in-an-hour reminder goes out and the
 * calendar feed shows it cancelled; and a conversation on an enquiry, with the teacher's bell
 * counting the family's answer. This project runs after every other journey (playwright.config.ts),
 * because moving the clock days ahead would expire what the others are in the middle of.
 */

const phone = { width: 390, height: 844 } as const;
const teacherOfThisJourney = seededTeachers.ofReminders;
const whatsappOutboxFile = path.join(dataDir, 'whatsapp-outbox.jsonl');

interface WhatsappLine {
  to: string;
  template: string;
  text: string;
}

function whatsappTo(to: string): WhatsappLine[] {
  if (!existsSync(whatsappOutboxFile)) return [];
  return readFileSync(whatsappOutboxFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as WhatsappLine)
    .filter((line) => line.to === to);
}

async function moveClockTo(request: APIRequestContext, at: Date): Promise<void> {
  const moved = await request.post(`${apiOrigin}/v1/testing/clock`, { data: { at: at.toISOString() } });
  expect(moved.status(), await moved.text()).toBe(200);
}

/** One pass of the background work now: reminders are raised, then notifications go out. */
async function backgroundPass(request: APIRequestContext): Promise<void> {
  const pass = await request.post(`${apiOrigin}/v1/testing/background-pass`);
  expect(pass.status(), await pass.text()).toBe(200);
  const { tasks } = (await pass.json()) as { tasks: { name: string; ok: boolean }[] };
  expect(tasks.filter((task) => !task.ok)).toEqual([]);
}

/** Whether a batch, as the teacher's lists name it ("Program · Sat & Sun, 9:00 AM"), meets tomorrow or the day after in Bengaluru. */
function meetsWithinTwoDays(batch: string): boolean {
  const days = batch.split(' · ').pop()!.split(',')[0]!.split(' & ');
  const weekday = (ahead: number) =>
    ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][new Date(Date.now() + 5.5 * 3_600_000 + ahead * 86_400_000).getUTCDay()]!;
  return days.includes(weekday(1)) || days.includes(weekday(2));
}

/** 18:05 in Bengaluru on the day before the IST day of `startsAt`. */
function eveningBefore(startsAt: Date): Date {
  const ist = new Date(startsAt.getTime() + 5.5 * 3_600_000);
  return new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate() - 1, 18, 5) - 5.5 * 3_600_000);
}

/**
 * The family's phone, signed in once (not before every page load, as signInPageAs does): the
 * shell rotates the refresh token when the moved clock expires the access token, and the stored
 * sign-in must then be the rotated one.
 */
async function familyPhone(browser: Browser, baseURL: string | undefined, learner: SignedUpLearner): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: phone });
  const page = await context.newPage();
  await page.goto('/offline.html');
  await page.evaluate((stored) => localStorage.setItem('kalike.user.v1', stored), JSON.stringify({ state: { user: learner.user }, version: 1 }));
  return page;
}

async function screenshot(page: Page, name: string) {
  expect(await fitsThePhone(page)).toBe(true);
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
}

/** The bell's count as its accessible name says it ("Notifications" when nothing is unread). */
async function unreadCount(page: Page): Promise<number> {
  const bell = page.getByRole('banner').getByRole('link', { name: /^(Notifications|\d+\+? unread notifications?)$/ });
  await expect(bell).toBeVisible();
  const name = (await bell.getAttribute('aria-label')) ?? (await bell.textContent()) ?? '';
  return Number(/^(\d+)/.exec(name)?.[1] ?? 0);
}

test.afterAll(async ({ request }) => {
  // Back to the real time, for anyone reading the run's API afterwards.
  await request.post(`${apiOrigin}/v1/testing/clock`, { data: { at: new Date().toISOString() } });
});

test('a family is reminded the evening before, the class is cancelled so the hour-before reminder never goes out and the calendar says so, and a conversation reaches the teacher’s bell', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(240_000);
  // One phone per person for the whole journey: a second context from the same stored sign-in
  // would send a refresh token the first has already rotated once the moved clock expires it.
  const teacherOnPhone = await teacherPhone(browser, request, teacherOfThisJourney, '/teach/payments');
  const teacher = new TeacherPayments(teacherOnPhone.page);
  const name = `Asha ${['Kulkarni', 'Hegde', 'Pai'][test.info().retry % 3]}`;
  // A batch meeting tomorrow or the day after (in Bengaluru), so the clock moves as little as it can.
  const { learner, batchStudentId, plans } = await invitedLearner(request, teacher, 247, { name, minimumPaise: 1, batch: meetsWithinTwoDays });
  const family = await familyPhone(browser, baseURL, learner);

  // The family agrees to WhatsApp messages on their notification settings before paying.
  await family.goto('/account/notifications');
  await expect(family.getByRole('heading', { level: 1, name: 'Notification settings' })).toBeVisible();
  await family.getByRole('button', { name: 'I agree: send me WhatsApp messages' }).click();
  await expect(family.getByText(/^You agreed on /)).toBeVisible();
  await screenshot(family, 'notification-settings');
  await buyPack(family, batchStudentId, plans[0]!);

  // The batch's next class whose evening before is still ahead.
  const upcoming = await request.get(`${apiOrigin}/v1/class/sessions/learner/upcoming?days=14`, { headers: bearer(learner) });
  expect(upcoming.status()).toBe(200);
  const { batches } = (await upcoming.json()) as { batches: Array<{ batch: { sessions: Array<{ id: string; status: string; startTime: string }> } }> };
  const target = batches
    .flatMap((entry) => entry.batch.sessions)
    .filter((session) => session.status === 'scheduled' && eveningBefore(new Date(session.startTime)).getTime() > Date.now() + 60_000)
    .sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime))[0];
  expect(target, 'the batch has a class whose evening before is ahead').toBeDefined();
  const startsAt = new Date(target!.startTime);

  // The evening before: the reminder is in the family's notifications and went out on WhatsApp.
  await moveClockTo(request, eveningBefore(startsAt));
  await backgroundPass(request);
  await backgroundPass(request);
  await family.goto('/notifications');
  await expect(family.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(family.getByRole('link', { name: new RegExp(`^Tomorrow at .* for ${name}\\. `) })).toBeVisible();
  await screenshot(family, 'notifications-class-tomorrow');
  await expect.poll(() => whatsappTo(learner.phone).filter((line) => line.template === 'kalike_class_tomorrow').length).toBe(1);

  // The teacher cancels that class from its page.
  await teacher.page.goto(`/teach/sessions/${target!.id}`);
  await expect(teacher.page.getByRole('heading', { level: 1, name: 'Class register' })).toBeVisible();
  const cancelForm = teacher.page.getByRole('form', { name: 'Cancel this class' });
  await cancelForm.getByLabel('Reason for cancelling').fill('I am unwell; the class is given back to your pack.');
  await cancelForm.getByRole('button', { name: 'Cancel class and tell families' }).click();
  await expect(teacher.page.getByText('Cancelled: I am unwell; the class is given back to your pack.')).toBeVisible();
  await backgroundPass(request);

  // Fifty minutes before it would have begun: no class-in-an-hour reminder, anywhere.
  await moveClockTo(request, new Date(startsAt.getTime() - 50 * 60_000));
  await backgroundPass(request);
  await backgroundPass(request);
  expect(whatsappTo(learner.phone).filter((line) => line.template === 'kalike_class_in_an_hour')).toEqual([]);
  await family.goto('/notifications');
  await expect(family.getByRole('link', { name: /cancelled/ }).first()).toBeVisible();
  await expect(family.getByRole('link', { name: /^In an hour/ })).toHaveCount(0);
  expect(whatsappTo(learner.phone).filter((line) => line.template === 'kalike_class_cancelled').length).toBe(1);

  // The family's calendar feed, added from Sessions, has the class as cancelled.
  await family.goto('/learner/sessions');
  const calendarPanel = family.getByRole('region', { name: 'Your classes in your calendar' });
  await expect(calendarPanel).toBeVisible();
  await calendarPanel.getByRole('button', { name: 'Add to calendar' }).click();
  const subscribe = calendarPanel.getByRole('link', { name: 'Add to calendar' });
  await expect(subscribe).toHaveAttribute('href', /^webcal:\/\/.+\.ics$/);
  await screenshot(family, 'sessions-calendar');
  const feedPath = new URL((await subscribe.getAttribute('href'))!.replace(/^webcal:/, 'https:')).pathname;
  const feed = await request.get(`${apiOrigin}${feedPath}`);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
  const event = (await feed.text()).split('BEGIN:VEVENT').find((block) => block.includes(`UID:${target!.id}@`));
  expect(event, 'the cancelled class is in the feed').toBeDefined();
  expect(event).toContain('STATUS:CANCELLED');

  // A conversation: a parent new to the teacher enquires about her daughter, the teacher replies,
  // and she answers in the enquiry's thread.
  const inbox = TeacherEnquiries.onPage(teacherOnPhone.page, teacherOnPhone.teacher);
  const { path: teacherPath } = await inbox.publicPage(request);
  const parent = await familyPhone(browser, baseURL, await signUpLearner(request, 248));
  await parent.goto(`${teacherPath}/enquire`);
  await expect(parent.getByRole('heading', { level: 1, name: `Enquire with ${inbox.teacher.name}` })).toBeVisible();
  await parent.getByRole('radio', { name: 'Add a child' }).check();
  await parent.getByLabel("Child's name").fill('Ira');
  await parent.getByRole('checkbox', { name: 'Saturday' }).check();
  await parent.getByRole('checkbox', { name: /^Morning/ }).check();
  await parent.getByLabel('Message for the teacher').fill('Ira is 7 and loves reading.');
  await parent.getByLabel('Your name').fill('Lata Shenoy');
  await parent.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(parent).toHaveURL(/\/enquire\/[0-9a-f-]{36}\/enrichment$/);
  const enquiryId = new URL(parent.url()).pathname.split('/')[2]!;

  await inbox.openEnquiry({ id: enquiryId });
  await inbox.reply('Happy to have Ira. Saturday 10 am suits.');
  await expect(inbox.page.getByText('Replied').first()).toBeVisible();
  // The count as the bell shows it once its query has answered.
  const counted = inbox.page.waitForResponse((response) => response.url().includes('/v1/notifications/unread-count'));
  await inbox.page.goto('/teach');
  await counted;
  const before = await unreadCount(inbox.page);
  expect(before).toBeGreaterThan(0);

  await parent.goto(`/${enquiryId}`);
  const thread = parent.getByRole('region', { name: /^Messages with / });
  await expect(thread.getByText('Happy to have Ira. Saturday 10 am suits.')).toBeVisible();
  await thread.getByLabel('Your message').fill('Thank you! Should Ira bring a mat?');
  await thread.getByRole('button', { name: 'Send message' }).click();
  await expect(thread.getByText('Thank you! Should Ira bring a mat?')).toBeVisible();
  await screenshot(parent, 'enquiry-thread');

  // The teacher's bell counts the answer; reading it takes the count back down.
  await inbox.page.reload();
  await expect.poll(() => unreadCount(inbox.page), { timeout: 20_000 }).toBe(before + 1);
  await inbox.page
    .getByRole('banner')
    .getByRole('link', { name: /unread notification/ })
    .click();
  await expect(inbox.page).toHaveURL('/teach/notifications');
  const message = inbox.page.getByRole('link', { name: /^New message from / }).first();
  await expect(message).toBeVisible();
  await screenshot(inbox.page, 'teacher-notifications');
  await message.click();
  await expect(inbox.page).toHaveURL(`/teach/enquiries/${enquiryId}`);
  await expect(inbox.page.getByText('Thank you! Should Ira bring a mat?')).toBeVisible();
  await expect.poll(() => unreadCount(inbox.page), { timeout: 20_000 }).toBeLessThan(before + 1);
  await inbox.page.context().close();
  await parent.context().close();
  await family.context().close();
});
