import { expect, test } from '@playwright/test';

import { signInPageAs, signUpLearner } from '../pages/learners';
import { TeacherEnquiries } from '../pages/teacher-enquiries';

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

test('a learner enquires; the teacher sees it arrive without a reload, replies and offers a batch; the learner sees the offer', async ({
  page,
  browser,
  request,
}) => {
  // The inbox checks for new enquiries every 30 seconds.
  test.setTimeout(120_000);
  const teacher = await TeacherEnquiries.signIn(browser, request);
  await teacher.page.setViewportSize({ width: 390, height: 844 });
  await teacher.openInbox();
  const { path: teacherPath } = await teacher.publicPage(request);

  // A parent enquires about her daughter through the teacher's page.
  const learner = await signUpLearner(request, 231);
  await signInPageAs(page, learner);
  await page.goto(`${teacherPath}/enquire`);
  await expect(page.getByRole('heading', { level: 1, name: `Enquire with ${teacher.teacher.name}` })).toBeVisible();
  await page.getByRole('radio', { name: 'Add a child' }).check();
  await page.getByLabel("Child's name").fill('Ira');
  await page.getByRole('checkbox', { name: 'Saturday' }).check();
  await page.getByRole('checkbox', { name: /^Morning/ }).check();
  await page.getByLabel('Message for the teacher').fill('Ira is 7 and loves music. Saturday mornings suit us.');
  await page.getByLabel('Your name').fill('Lata Shenoy');
  await page.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(page).toHaveURL(new RegExp(`/enquire/${uuid.source}/enrichment$`));
  const enquiryId = new URL(page.url()).pathname.split('/')[2]!;

  // The teacher's open inbox shows it on its next check, with the deadline counting down.
  const card = teacher.inboxCard('Lata · for Ira');
  await expect(card).toBeVisible({ timeout: 45_000 });
  await expect(card).toContainText('New');
  await expect(card).toContainText(/Reply within (1 d 23 h|2 d)/);
  expect(await teacher.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await teacher.page.screenshot({ path: test.info().outputPath('teacher-inbox-390.png'), fullPage: true });

  // Opening it shows what the family asked, and the moves the lifecycle allows now.
  await teacher.openEnquiry({ from: 'Lata' });
  await expect(teacher.page).toHaveURL(`/teach/enquiries/${enquiryId}`);
  await expect(teacher.page.getByText('Ira is 7 and loves music.', { exact: false }).first()).toBeVisible();
  expect(await teacher.moves()).toEqual(['Reply', 'Offer a demo class', 'Offer a batch', 'Decline']);
  expect(await teacher.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await teacher.page.screenshot({ path: test.info().outputPath('teacher-enquiry-390.png'), fullPage: true });

  await teacher.reply('Happy to teach Ira. Saturday 10 am works well.');
  await expect(teacher.page.getByText('Replied').first()).toBeVisible();
  const batchName = await teacher.offerBatch(undefined, 'Here is a place for Ira.');
  await expect(teacher.page.getByText('Batch offered').first()).toBeVisible();
  expect(await teacher.moves()).toEqual(['Offer a batch', 'Decline']);

  // The family sees the reply and the offer on their side.
  await page.goto(`/${enquiryId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Enquiry with ${teacher.teacher.name}` })).toBeVisible();
  await expect(page.getByText('Happy to teach Ira. Saturday 10 am works well.').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Place in a batch offered' })).toBeVisible();
  await expect(page.getByRole('heading', { name: batchName })).toBeVisible();

  // In the inbox it now waits on the family.
  await teacher.openInbox();
  await teacher.page.getByRole('button', { name: /^Waiting on family/ }).click();
  await expect(teacher.inboxCard('Lata · for Ira')).toContainText('Batch offered');
  await teacher.close();
});

test('a teacher who opens the learner pages is sent to her own inbox, and told enquiring is for learners', async ({ browser, request }) => {
  const teacher = await TeacherEnquiries.signIn(browser, request);
  await teacher.page.goto('/enquiries');
  await expect(teacher.page.getByRole('heading', { name: 'Your enquiries are in your inbox' })).toBeVisible();
  await teacher.page.getByRole('link', { name: 'Open your enquiries' }).click();
  await expect(teacher.page).toHaveURL('/teach/enquiries');
  await teacher.page.goto('/enquiry');
  await expect(teacher.page.getByRole('heading', { level: 1, name: 'Enquiring is for learners' })).toBeVisible();
  await teacher.close();
});
