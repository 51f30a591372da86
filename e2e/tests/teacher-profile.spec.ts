import { expect, test } from '@playwright/test';

import { photoWithGps, TeacherProfilePage } from '../pages/teacher-profile';
import { fitsThePhone, seededTeachers } from '../pages/teachers';

test('a teacher fills in their profile and uploads a photo from the phone; learners see it, stripped of its location', async ({ browser, request }) => {
  const profile = await TeacherProfilePage.signIn(browser, request, seededTeachers.second);
  const { page } = profile;
  const name = await profile.nameField.inputValue();

  await profile.fillProfile({
    bio: 'I teach Carnatic vocals to children from six, at my home in Jayanagar and online.',
    experienceYears: 7,
    languages: ['English', 'Kannada', 'Tamil'],
    qualifications: ['Vidwat in Carnatic music', 'Grade 8, Trinity College London'],
  });
  await profile.save();
  await profile.uploadPhoto(photoWithGps);
  expect(await fitsThePhone(page)).toBe(true);

  // The stored file is served for a year, named by its content, with nothing of the camera's EXIF.
  const photo = profile.photo();
  await expect(photo).toHaveAttribute('width', '96');
  const source = await photo.getAttribute('src');
  expect(source).toMatch(/^\/media\/photos\/[0-9a-f]{64}\.webp$/);
  const served = await page.request.get(source!);
  expect(served.status()).toBe(200);
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const bytes = await served.body();
  for (const mark of ['Exif', 'EXIF', 'Kalike test', 'GPS']) expect(bytes.includes(Buffer.from(mark))).toBe(false);

  // The teacher's public page, as a learner opens it on a phone.
  const learner = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const learnerPage = await learner.newPage();
  await learnerPage.goto((await page.getByRole('link', { name: 'See your page as learners do' }).getAttribute('href'))!);
  const shown = learnerPage.getByRole('img', { name, exact: true });
  await expect(shown).toBeVisible();
  await expect(shown).toHaveAttribute('width', '96');
  await expect(shown).toHaveAttribute('height', '96');
  await expect(shown).toHaveAttribute('srcset', /96w, .+ 192w, .+ 400w$/);
  await expect(learnerPage.getByRole('region', { name: 'Qualifications' }).getByRole('listitem')).toHaveText([
    'Vidwat in Carnatic music',
    'Grade 8, Trinity College London',
  ]);
  await expect(learnerPage.getByText('Teaches in English, Kannada, Tamil')).toBeVisible();
  expect(await fitsThePhone(learnerPage)).toBe(true);
  await learner.close();
  await page.context().close();
});
