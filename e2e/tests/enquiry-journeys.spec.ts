import { expect, test, type Page } from '@playwright/test';

import { ComposedApp } from '../pages/composed-app';
import { apiOrigin, signInThroughLogin, storedUser } from '../pages/sign-in';
import { signInPageAs, signUpLearner } from '../pages/learners';
import { TeacherEnquiries } from '../pages/teacher-enquiries';

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/** A number nobody has used in this run, so each journey starts as a new learner. */
const freshPhone = (suffix: string) => `+9197${String(Date.now()).slice(-6)}${suffix}`;

async function signInAsNewLearner(page: Page, request: Parameters<typeof signInThroughLogin>[1], phone: string, name: string) {
  await signInThroughLogin(page, request, phone.slice(3), phone);
  await expect(page.getByRole('heading', { name: 'One more step' })).toBeVisible();
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('a signed-out learner enquires from a teacher page, signs in on the way, enriches, follows the reply and enrols', async ({ page, browser, request }) => {
  const app = new ComposedApp(page);
  const teacher = await TeacherEnquiries.signIn(browser, request);
  const teacherPage = await teacher.publicPage(request);

  // From the teacher's page into the enquiry, signed out.
  await page.goto(teacherPage.path);
  await expect(page.getByRole('heading', { level: 1, name: teacher.teacher.name })).toBeVisible();
  await page.getByRole('link', { name: 'Enquire' }).first().click();
  await expect(page).toHaveURL((url) => url.pathname === `${teacherPage.path}/enquire`);
  await expect(app.remoteRoot('mfe_enquiry')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Enquire with ${teacher.teacher.name}` })).toBeVisible();

  // Fill in everything a parent would.
  await page.getByRole('radio', { name: 'Add a child' }).check();
  await page.getByLabel("Child's name").fill('Anika');
  await page.getByRole('checkbox', { name: 'Saturday' }).check();
  await page.getByRole('checkbox', { name: 'Sunday' }).check();
  await page.getByRole('checkbox', { name: /^Morning/ }).check();
  await page.getByLabel('Message for the teacher').fill('Anika is 8 and has never learnt this. Weekend mornings suit us.');
  await page.getByLabel('Your name').fill('Nisha Kulkarni');
  await page.getByLabel('Another phone number').fill('98450 12345');

  // Sending needs an account: the draft waits while the learner signs in, then is all there.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await signInAsNewLearner(page, request, freshPhone('11'), 'Nisha Kulkarni');
  await expect(page).toHaveURL((url) => url.pathname === `${teacherPage.path}/enquire`);
  await expect(page.getByLabel("Child's name")).toHaveValue('Anika');
  await expect(page.getByRole('checkbox', { name: 'Saturday' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Sunday' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Monday' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: /^Morning/ })).toBeChecked();
  await expect(page.getByLabel('Message for the teacher')).toHaveValue(/Weekend mornings suit us/);
  await expect(page.getByLabel('Another phone number')).toHaveValue('98450 12345');

  // A reload loses nothing either.
  await page.reload();
  await expect(page.getByLabel("Child's name")).toHaveValue('Anika');
  await expect(page.getByLabel('Message for the teacher')).toHaveValue(/Weekend mornings suit us/);

  await page.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(page).toHaveURL(new RegExp(`/enquire/${uuid.source}/enrichment$`));
  const enquiryId = new URL(page.url()).pathname.split('/')[2]!;

  // Enrichment, then the thank-you page with what happens next.
  await page.getByLabel(/Student's age in years/).fill('8');
  await page.getByRole('radio', { name: /New to it/ }).check();
  await page.getByLabel(/Goals/).fill('Play in the school tournament in March.');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(`/${enquiryId}/thank-you`);
  await expect(page.getByRole('heading', { level: 1, name: `Enquiry sent to ${teacher.teacher.name}` })).toBeVisible();

  // It is on /enquiries, waiting for the teacher.
  await page.goto('/enquiries');
  const card = page.getByRole('article', { name: teacher.teacher.name });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Sent');
  await expect(card).toContainText('for Anika');

  // The teacher finds it in the inbox, sees exactly what was typed, and replies with a place in a batch.
  await teacher.openInbox();
  await expect(teacher.inboxCard('Nisha · for Anika')).toContainText('New');
  await teacher.openEnquiry({ id: enquiryId });
  await expect(teacher.page.getByText('Nisha Kulkarni', { exact: false }).first()).toBeVisible();
  await expect(teacher.page.getByText('Weekend mornings suit us.', { exact: false }).first()).toBeVisible();
  await teacher.reply('Happy to teach Anika. Saturday mornings work well.');
  await teacher.offerBatch();
  await teacher.close();

  // The learner's list shows the offer as soon as the page is looked at again.
  await page.reload();
  await expect(card).toContainText('Batch offered');
  await card.getByRole('link', { name: `View enquiry with ${teacher.teacher.name}` }).click();
  await expect(page).toHaveURL(`/${enquiryId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Enquiry with ${teacher.teacher.name}` })).toBeVisible();
  await expect(page.getByText('Happy to teach Anika. Saturday mornings work well.').first()).toBeVisible();

  // Enrolling creates the batch student and hands over to the payments remote's first step.
  await page.getByRole('link', { name: /^Enrol/ }).click();
  await expect(page).toHaveURL(`/enroll?enquiryId=${enquiryId}`);
  await page.getByRole('radio', { name: 'Anika' }).check();
  await page.getByRole('button', { name: 'Confirm enrolment' }).click();
  await expect(page).toHaveURL(new RegExp(`/payments/select-payment-plan\\?batchStudentID=${uuid.source}$`));
  await expect(app.remoteRoot('mfe_payments')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a class pack' })).toBeVisible();

  const token = (await storedUser(page))?.tokens?.accessToken as string;
  const enquiry = await (await request.get(`${apiOrigin}/v1/marketplace/enquiries/${enquiryId}`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(enquiry).toMatchObject({ state: 'enrolled', student: { name: 'Anika' }, details: { studentAgeYears: 8, level: 'new' } });
  expect(new URL(page.url()).searchParams.get('batchStudentID')).toBe(enquiry.batchStudentId);
});

test('a learner picks two shortlisted teachers and sends one enquiry to each', async ({ page, request }) => {
  await page.goto('/login?redirectTo=%2Fshortlist');
  await signInAsNewLearner(page, request, freshPhone('22'), 'Farah Khan');
  await expect(page).toHaveURL('/shortlist');
  const token = (await storedUser(page))?.tokens?.accessToken as string;
  const auth = { authorization: `Bearer ${token}` };

  // Two guitar teachers near Indiranagar go on the shortlist.
  const nearby = await request.get(`${apiOrigin}/v1/marketplace/teacherListings/search`, { params: { lat: 12.9784, long: 77.6408, limit: 10 } });
  const { listings } = (await nearby.json()) as { listings: Array<{ id: string; teacher: { id: string; name: string } }> };
  const picks = listings.filter((listing, index, all) => all.findIndex((other) => other.teacher.id === listing.teacher.id) === index).slice(0, 2);
  expect(picks).toHaveLength(2);
  for (const listing of picks) {
    const added = await request.post(`${apiOrigin}/v1/marketplace/teacherListings/shortlist`, { headers: auth, data: { teacherListingID: listing.id } });
    expect(added.ok()).toBe(true);
  }

  await page.reload();
  for (const listing of picks) await page.getByRole('checkbox', { name: `Pick ${listing.teacher.name} to enquire together` }).check();
  await page.getByRole('link', { name: 'Enquire with 2 picked teachers' }).click();
  await expect(page).toHaveURL(/^[^?]*\/enquire\?refPage=%2Fshortlist&refSection=Shortlist\+Tab$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Enquire with 2 teachers' })).toBeVisible();

  await page.getByRole('radio', { name: 'Myself' }).check();
  await page.getByRole('checkbox', { name: 'Wednesday' }).check();
  await page.getByRole('checkbox', { name: /^Evening/ }).check();
  await expect(page.getByLabel('Your name')).toHaveValue('Farah Khan');
  // A double tap still sends one request.
  await page.getByRole('button', { name: 'Send to 2 teachers' }).dblclick();

  await expect(page).toHaveURL('/enquiries/success');
  const overlay = page.getByRole('dialog', { name: 'Enquiries sent to 2 teachers' });
  await expect(overlay).toBeVisible();
  for (const listing of picks) await expect(overlay).toContainText(listing.teacher.name);
  await overlay.getByRole('button', { name: 'Done' }).click();
  await expect(overlay).toBeHidden();

  // One enquiry per teacher, sent together, carrying where the learner came from.
  const { enquiries } = (await (await request.get(`${apiOrigin}/v1/marketplace/enquiries`, { headers: auth })).json()) as {
    enquiries: Array<{ requestId: string; teacher: { id: string }; refPage: string; refSection: string; state: string }>;
  };
  expect(enquiries).toHaveLength(2);
  expect(new Set(enquiries.map((enquiry) => enquiry.teacher.id))).toEqual(new Set(picks.map((listing) => listing.teacher.id)));
  expect(new Set(enquiries.map((enquiry) => enquiry.requestId)).size).toBe(1);
  for (const enquiry of enquiries) expect(enquiry).toMatchObject({ state: 'sent', refPage: '/shortlist', refSection: 'Shortlist Tab' });

  await page.goto('/enquiries');
  for (const listing of picks) await expect(page.getByRole('article', { name: listing.teacher.name })).toContainText('Sent');

  // An id that is not one of this learner's enquiries is not a page.
  await page.goto('/3f0e2b8a-4c1d-4e7f-9a2b-1c3d5e7f9a0b');
  await expect(page).toHaveURL('/404');
});

test('the teacher offers a demo class and the learner books it from the enquiry', async ({ page, browser, request }) => {
  const learner = await signUpLearner(request, 221);
  await signInPageAs(page, learner);
  const teacher = await TeacherEnquiries.signIn(browser, request);
  const search = await request.get(`${apiOrigin}/v1/marketplace/teacherListings/search`, {
    params: { q: teacher.teacher.name, lat: 12.9784, long: 77.6408, radiusKm: 50 },
  });
  const { listings } = (await search.json()) as { listings: Array<{ id: string; teacher: { id: string } }> };
  const listing = listings.find((entry) => entry.teacher.id === teacher.teacher.id)!;

  const created = await request.post(`${apiOrigin}/v1/marketplace/enquiries`, {
    headers: { authorization: `Bearer ${learner.user.tokens.accessToken}`, 'idempotency-key': `e2e-demo-${Date.now()}` },
    data: {
      targets: [{ listingId: listing.id }],
      studentId: null,
      contactName: 'Deepa Hegde',
      preferredDays: [2, 4],
      preferredTimes: ['evening'],
      mode: 'any',
      message: 'Could I try one class first?',
      refPage: '/meet',
      refSection: 'Teacher of the Day',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const enquiryId = ((await created.json()) as { enquiries: Array<{ enquiry: { id: string } }> }).enquiries[0]!.enquiry.id;

  // One of the teacher's own classes in the coming fortnight, not starting within the hour, becomes the demo.
  await teacher.openEnquiry({ id: enquiryId });
  await teacher.offerDemo('Come on Thursday and meet the group.');
  await teacher.close();

  await page.goto(`/${enquiryId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Enquiry with ${teacher.teacher.name}` })).toBeVisible();
  await expect(page.getByText('Come on Thursday and meet the group.').first()).toBeVisible();
  await page.getByRole('button', { name: 'Book this demo' }).click();
  await expect(page.getByText('Demo booked').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Book this demo' })).toHaveCount(0);

  const enquiry = await (
    await request.get(`${apiOrigin}/v1/marketplace/enquiries/${enquiryId}`, { headers: { authorization: `Bearer ${learner.user.tokens.accessToken}` } })
  ).json();
  expect(enquiry).toMatchObject({ state: 'demo_booked', offer: { kind: 'demo' } });
  expect(Date.parse(enquiry.offer.session.startsAt)).toBeGreaterThan(Date.now());
});

test('a parent asks the same teacher about a second child: each child gets their own enquiry, and asking again for the first says it is already open', async ({
  page,
  browser,
  request,
}) => {
  const teacher = await TeacherEnquiries.signIn(browser, request);
  const teacherPage = await teacher.publicPage(request);
  await teacher.close();
  const learner = await signUpLearner(request, 223);
  await signInPageAs(page, learner);

  async function enquireFor(child: { add?: string; pick?: string }, message: string) {
    await page.goto(`${teacherPage.path}/enquire`);
    await expect(page.getByRole('heading', { level: 1, name: `Enquire with ${teacher.teacher.name}` })).toBeVisible();
    if (child.add) {
      await page.getByRole('radio', { name: 'Add a child' }).check();
      await page.getByLabel("Child's name").fill(child.add);
    } else {
      await page.getByRole('radio', { name: child.pick }).check();
    }
    await page.getByRole('checkbox', { name: 'Saturday' }).check();
    await page.getByRole('checkbox', { name: /^Morning/ }).check();
    await page.getByLabel('Message for the teacher').fill(message);
    await page.getByLabel('Your name').fill('Kavya Menon');
    await page.getByRole('button', { name: 'Send enquiry' }).click();
  }

  await enquireFor({ add: 'Saanvi' }, 'Saanvi is 9 and a beginner.');
  await expect(page).toHaveURL(new RegExp(`/enquire/${uuid.source}/enrichment$`));
  const saanviEnquiry = new URL(page.url()).pathname.split('/')[2]!;

  // The second child is a new enquiry with her own answers, not the first child's again.
  await enquireFor({ add: 'Aarav' }, 'Aarav is 6 and has never played.');
  await expect(page).toHaveURL(new RegExp(`/enquire/${uuid.source}/enrichment$`));
  const aaravEnquiry = new URL(page.url()).pathname.split('/')[2]!;
  expect(aaravEnquiry).not.toBe(saanviEnquiry);

  const token = learner.user.tokens.accessToken;
  const aarav = await (await request.get(`${apiOrigin}/v1/marketplace/enquiries/${aaravEnquiry}`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(aarav).toMatchObject({ state: 'sent', student: { name: 'Aarav' }, message: 'Aarav is 6 and has never played.' });

  await page.goto('/enquiries');
  const cards = page.getByRole('article', { name: teacher.teacher.name });
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: 'for Saanvi' })).toHaveCount(1);
  await expect(cards.filter({ hasText: 'for Aarav' })).toHaveCount(1);

  // Asking again about Saanvi sends nothing new and says so, with the way to her open enquiry, on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await enquireFor({ pick: 'Saanvi' }, 'Any weekend slot?');
  await expect(page).toHaveURL('/enquiries/success');
  await expect(page.getByRole('heading', { level: 1, name: 'Nothing new was sent' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await test.info().attach('already open, 390 px', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  const already = page.getByRole('region', { name: 'Already open' });
  await expect(already).toContainText(`You already have an open enquiry with ${teacher.teacher.name}`);
  await expect(already).toContainText('for Saanvi');
  await already.getByRole('link', { name: `Open your enquiry with ${teacher.teacher.name}` }).click();
  await expect(page).toHaveURL(`/${saanviEnquiry}`);
  await expect(page.getByText('Saanvi is 9 and a beginner.').first()).toBeVisible();
});
