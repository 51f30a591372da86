import { expect, test } from '@playwright/test';

import { TeacherListings } from '../pages/teacher-listings';
import { fitsThePhone, seededTeachers, teacherPhone } from '../pages/teachers';

test('a teacher writes a listing with a program, a Tue/Thu evening apartment batch and two class packs, and sends it for review', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const phone = await teacherPhone(browser, request, seededTeachers.vidya, '/teach');
  const listings = new TeacherListings(phone.page);
  await phone.page.getByRole('link', { name: 'Your listings' }).click();
  await expect(phone.page.getByRole('heading', { level: 1, name: 'Your listings' })).toBeVisible();
  const taken = await listings.subjectsListed();

  await listings.openNew();
  const subject = (await listings.subjectsOffered()).find((name) => !taken.includes(name));
  if (!subject) throw new Error('The teacher has a listing in every subject');
  await listings.createListing({
    subject,
    title: `${subject} for young beginners`,
    about: 'Small groups, patient teaching, a show at the end of term.',
    locality: 'Koramangala',
  });
  await listings.expectState('Draft');

  // Not complete yet: the API says what is missing.
  await listings.addProgram({ name: 'First steps', ageMin: 6, ageMax: 10 });
  await listings.addBatch({ days: ['Tue', 'Thu'], start: '17:00', end: '18:00', apartment: 'Prestige Acropolis', seats: 8 });
  await phone.page.getByRole('button', { name: 'Send for review' }).click();
  await expect(listings.refusal(/Add a class pack to a batch/)).toBeVisible();

  // Rupees typed, checked before sending.
  const pack = phone.page.getByRole('form', { name: 'Add a class pack' });
  await pack.getByLabel('Pack name').fill('Taster');
  await pack.getByLabel('Classes').fill('1');
  await pack.getByLabel('Valid for (days)').fill('7');
  await pack.getByLabel('Price (₹, GST included)').fill('40');
  await pack.getByRole('button', { name: 'Add class pack' }).click();
  await expect(pack.getByText('A class pack costs between ₹50 and ₹1,00,000.')).toBeVisible();

  await listings.addClassPack({ name: '4 classes', classes: 4, validityDays: 30, rupees: 1300 });
  await listings.addClassPack({ name: '8 classes', classes: 8, validityDays: 45, rupees: '2,400' });
  await expect(phone.page.getByText('8 classes: 8 classes, valid 45 days, ₹2,400 (₹300 a class)')).toBeVisible();
  // Under each pack's price, what the teacher receives at the default 10 % fee (the earnings statement's own figures).
  const eightClasses = phone.page.getByRole('form', { name: 'Change the price of 8 classes' });
  await expect(eightClasses.getByText('Families pay ₹2,400.00, you receive ₹1,830.51')).toBeVisible();
  await expect(eightClasses.getByText(/GST ₹366\.10 · Kalike's fee \(10% of the price before GST\) ₹203\.39/)).toBeVisible();
  expect(await fitsThePhone(phone.page)).toBe(true);

  await listings.sendForReview();
  await expect(phone.page.getByRole('form', { name: 'Add a batch' })).toHaveCount(0);
  await listings.withdraw();
  await listings.sendForReview();

  await listings.openList();
  await expect(phone.page.getByRole('list', { name: 'Your listings' }).getByText(`${subject} for young beginners`, { exact: true })).toBeVisible();
  await phone.close();
});
