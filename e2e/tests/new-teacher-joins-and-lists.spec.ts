import { expect, test, type Page } from '@playwright/test';

import { adminPhone, approve } from '../pages/admin-reviews';
import { signInThroughLogin } from '../pages/sign-in';
import { joinAsTeacher } from '../pages/teacher-joining';
import { TeacherListings } from '../pages/teacher-listings';
import { sandboxPayoutAccounts, TeacherPayouts } from '../pages/teacher-payouts';
import { photoWithGps, TeacherProfilePage } from '../pages/teacher-profile';
import { fitsThePhone } from '../pages/teachers';

/** A demo number nobody has used in this run (the local demo accepts +91 00000 XXXXX), so the teacher starts as a stranger. */
const newTeacherPhone = `+91000007${String(Date.now()).slice(-4)}`;
/** A real-format mobile for the family, new in this run. */
const familyPhone = `+9197${String(Date.now()).slice(-6)}17`;
const run = String(Date.now()).slice(-5);
/** Names take letters only: the run's digits spelled as letters keep the name unique in this run. */
const teacherName = `Shruthi ${run.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!).replace(/^./, (first) => first.toUpperCase())}`;
const subject = 'Carnatic Vocal';
const title = `Carnatic vocal for children, Prestige Acropolis ${run}`;
const apartment = 'Prestige Acropolis';
const child = 'Anvi';

const phoneViewport = { width: 390, height: 844 } as const;

test('a new teacher joins, adds a profile with a photo and a listing, an admin approves it, a family finds it near the apartment and enquires; a teacher is paid out', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);

  // A tutor with no account joins from "Teach on Kalike" on their phone.
  const teacherContext = await browser.newContext({ viewport: phoneViewport });
  const teacherPage = await teacherContext.newPage();
  await joinAsTeacher(teacherPage, { phone: newTeacherPhone, name: teacherName, subject, place: 'Koramangala' });
  expect(await fitsThePhone(teacherPage)).toBe(true);

  // Their profile, with a photo taken on a phone (its GPS position is stripped on the server).
  await teacherPage.getByRole('link', { name: /Your profile/ }).click();
  const profile = new TeacherProfilePage(teacherPage);
  await profile.waitUntilLoaded();
  await profile.fillProfile({
    bio: 'I teach Carnatic vocal to children from six in small groups, in their own apartment complex.',
    experienceYears: 9,
    languages: ['English', 'Kannada'],
    qualifications: ['Vidwat in Carnatic music'],
  });
  await profile.save();
  await profile.uploadPhoto(photoWithGps);
  await expect(profile.photo()).toBeVisible();

  // A listing: one program, a Tue/Thu evening batch in an apartment complex, two class packs; sent for review.
  const listings = new TeacherListings(teacherPage);
  await listings.createListing({ subject, title, about: 'Small groups of children learn to sing with shruti, rhythm and joy.', locality: 'Koramangala' });
  await listings.addProgram({ name: 'First steps in Carnatic vocal', ageMin: 6, ageMax: 12 });
  await listings.addBatch({ days: ['Tue', 'Thu'], start: '17:30', end: '18:30', apartment, seats: 8 });
  await listings.addClassPack({ name: '4 classes', classes: 4, validityDays: 30, rupees: 1400 });
  await listings.addClassPack({ name: '8 classes', classes: 8, validityDays: 45, rupees: 2600 });
  await listings.sendForReview();
  await teacherPage.screenshot({ path: test.info().outputPath('new-teacher-listing-390.png'), fullPage: true });
  expect(await fitsThePhone(teacherPage)).toBe(true);

  // Before approval, learners do not find it: a neighbour searches her name near the apartment.
  // (Lists may be kept by a browser for 60 s, so the family who finds her later asks on their own phone.)
  const atKoramangala = async (phone: Page, redirectTo: string) => {
    await phone.addInitScript(() => localStorage.setItem('kalike.welcome-seen', JSON.stringify({ version: 1, seenAt: new Date().toISOString() })));
    await phone.goto(`/map-screen?redirectTo=${encodeURIComponent(redirectTo)}`);
    await phone.getByRole('combobox', { name: 'Search by locality or pincode' }).fill('Koramangala');
    await phone
      .getByRole('option', { name: /Koramangala/ })
      .first()
      .click();
    await phone.getByRole('button', { name: 'Confirm this location' }).click();
    await expect(phone).toHaveURL(redirectTo);
  };
  // The family was told of her by name, as families are; the answer is read near the apartment.
  const searchFor = async (phone: Page) => {
    await phone.goto(`/search?q=${encodeURIComponent(teacherName)}`);
    await expect(phone.getByRole('searchbox')).toHaveValue(teacherName);
    await expect(phone.getByRole('status').filter({ hasText: /Showing|No teachers/ })).toBeVisible();
  };
  const neighbourContext = await browser.newContext({ viewport: phoneViewport });
  const neighbour = await neighbourContext.newPage();
  await atKoramangala(neighbour, '/search');
  await searchFor(neighbour);
  await expect(neighbour.getByRole('article').filter({ hasText: title })).toHaveCount(0);
  await neighbourContext.close();

  // An admin approves it on their own phone.
  const admin = await adminPhone(browser, request, '/admin/reviews');
  await approve(admin, title);
  await admin.context().close();
  await teacherPage.reload();
  await listings.expectState('Live');

  // The family, near the apartment, finds it in search at once, with the teacher's photo.
  const familyContext = await browser.newContext({ viewport: phoneViewport });
  const family = await familyContext.newPage();
  await atKoramangala(family, '/search');
  await searchFor(family);
  const card = family.getByRole('article').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText(`${subject} · ${apartment}`);
  await expect(card).toContainText(/\d+ m away/);
  const photo = card.getByRole('img', { name: teacherName, exact: true });
  await expect(photo).toBeVisible();
  await expect(photo).toHaveAttribute('width', /\d+/);
  await expect(photo).toHaveAttribute('height', /\d+/);
  expect(await photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await family.screenshot({ path: test.info().outputPath('new-teacher-in-search-390.png'), fullPage: true });
  expect(await fitsThePhone(family)).toBe(true);

  // …opens the teacher's page and enquires, signing in on the way.
  await card.getByRole('link', { name: teacherName }).first().click();
  await expect(family.getByRole('heading', { level: 1, name: teacherName })).toBeVisible();
  await family.getByRole('link', { name: 'Enquire' }).first().click();
  await expect(family.getByRole('heading', { level: 1, name: `Enquire with ${teacherName}` })).toBeVisible();
  await family.getByRole('radio', { name: 'Add a child' }).check();
  await family.getByLabel("Child's name").fill(child);
  await family.getByRole('checkbox', { name: 'Tuesday' }).check();
  await family.getByRole('checkbox', { name: 'Thursday' }).check();
  await family.getByRole('checkbox', { name: /^Evening/ }).check();
  await family.getByLabel('Message for the teacher').fill('Anvi is 7 and loves singing; we live in Prestige Acropolis.');
  await family.getByLabel('Your name').fill('Deepa Kulkarni');
  await family.getByRole('button', { name: 'Continue' }).click();
  await expect(family).toHaveURL(/\/login\?redirectTo=/);
  await signInThroughLogin(family, request, familyPhone.slice(3), familyPhone);
  await expect(family.getByRole('heading', { name: 'One more step' })).toBeVisible();
  await family.getByLabel('Your name').fill('Deepa Kulkarni');
  await family.getByRole('button', { name: 'Continue' }).click();
  await expect(family.getByLabel("Child's name")).toHaveValue(child);
  await family.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(family).toHaveURL(/\/enquire\/[0-9a-f-]{36}\/enrichment$/);
  await familyContext.close();

  // The new teacher sees it in their inbox.
  await teacherPage.goto('/teach/enquiries');
  await expect(teacherPage.getByRole('heading', { level: 1, name: 'Enquiries' })).toBeVisible();
  await expect(teacherPage.getByRole('article', { name: `Deepa · for ${child}`, exact: true })).toBeVisible();
  expect(await fitsThePhone(teacherPage)).toBe(true);
  await teacherContext.close();

  // Money earned earlier waits for a teacher's bank: the teacher of the day adds a UPI id, confirmed with a texted code,
  // and payouts to it are held for the cooling-off after the change.
  const payouts = await TeacherPayouts.signIn(browser, request);
  await payouts.page.setViewportSize(phoneViewport);
  await payouts.addUpi(sandboxPayoutAccounts.unknownUpi, 'Could not be verified');
  await expect(payouts.account()).toContainText(`No UPI app knows ${sandboxPayoutAccounts.unknownUpi}`);
  await expect(payouts.payable().getByRole('button', { name: 'Pay out now' })).toBeDisabled();
  await payouts.addUpi('priya.gowda@okaxis');
  await expect(payouts.payable()).toContainText(/Held until .+: your payout account changed on /);
  await expect(payouts.payable().getByRole('button', { name: 'Pay out now' })).toBeDisabled();
  expect(await fitsThePhone(payouts.page)).toBe(true);
  await payouts.page.screenshot({ path: test.info().outputPath('payouts-390.png'), fullPage: true });
});
