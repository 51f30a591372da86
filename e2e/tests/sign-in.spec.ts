import { expect, test } from '@playwright/test';

import { apiOrigin, latestCode, seededLearners, signInThroughLogin, storedUser } from '../pages/sign-in';

test('a new learner signs in with the code from the SMS, names the account, and lands where they were going', async ({ page, request }) => {
  const phone = `+9198${String(Date.now()).slice(-8)}`;
  await page.goto('/learner/sessions');
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent('/learner/sessions')}`);
  await signInThroughLogin(page, request, phone.slice(3), phone);

  await expect(page.getByRole('heading', { name: 'One more step' })).toBeVisible();
  await page.getByLabel('Your name').fill('Kavya Menon');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/learner/sessions');
  await expect(page.getByRole('link', { name: 'Kavya, your account', exact: true })).toBeVisible();
});

test('a returning learner sees their account and students, and can add and change a student', async ({ page, request }) => {
  await page.goto('/login?redirectTo=/account');
  await signInThroughLogin(page, request, seededLearners.asha.typed, seededLearners.asha.phone);
  await expect(page).toHaveURL('/account');
  await expect(page.getByText(`+91 ${seededLearners.asha.typed}`, { exact: true })).toBeVisible();
  const students = page.getByRole('list', { name: 'Students' });
  const before = await students.getByRole('listitem').count();
  await page.getByRole('button', { name: 'Add a student' }).click();
  // A Kannada name, with its vowel signs and virama, as a parent types it.
  const studentName = `ಕಿರಣ್ ${String.fromCharCode(65 + (Date.now() % 26))}`;
  await page.getByLabel("Student's name").fill(studentName);
  await page.getByLabel('Date of birth (optional)').fill('2018-06-14');
  await page.getByRole('button', { name: 'Add student' }).click();
  await expect(page.getByText("Use letters, spaces and . ' - only (up to 80).")).toHaveCount(0);
  await expect(students.getByRole('listitem')).toHaveCount(before + 1);
  await expect(students.getByText(studentName, { exact: true })).toBeVisible();

  await page.getByRole('button', { name: `Edit ${studentName}` }).click();
  await page.getByLabel('Class or grade (optional)').fill('Grade 2');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(students.getByText(/Born 14 Jun 2018 · Grade 2/)).toBeVisible();
});

test('an expired access token is refreshed without the learner noticing', async ({ page, request }) => {
  await page.goto('/login?redirectTo=/account');
  await signInThroughLogin(page, request, seededLearners.rahul.typed, seededLearners.rahul.phone);
  await expect(page.getByText(`+91 ${seededLearners.rahul.typed}`, { exact: true })).toBeVisible();
  const before = await storedUser(page);

  // Replace the access token with one the API will refuse, as an expired one would be.
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('kalike.user.v1')!);
    for (const slot of ['tokens', 'learnerTokens']) stored.state.user[slot].accessToken = 'expired.access.token-0000000000';
    localStorage.setItem('kalike.user.v1', JSON.stringify(stored));
  });
  await page.reload();
  await expect(page.getByText(`+91 ${seededLearners.rahul.typed}`, { exact: true })).toBeVisible();
  const after = await storedUser(page);
  expect(after.learnerTokens.refreshToken).not.toBe(before.learnerTokens.refreshToken);
  expect(after.learnerTokens.accessToken).not.toBe('expired.access.token-0000000000');
});

test('a revoked session sends the learner back to sign in', async ({ page, request }) => {
  await page.goto('/login?redirectTo=/account');
  await signInThroughLogin(page, request, seededLearners.kavya.typed, seededLearners.kavya.phone);
  await expect(page.getByText(`+91 ${seededLearners.kavya.typed}`, { exact: true })).toBeVisible();
  const user = await storedUser(page);
  const revoked = await request.post(`${apiOrigin}/v1/auth/logout`, { data: { token: user.learnerTokens.refreshToken } });
  expect(revoked.status()).toBe(204);
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('kalike.user.v1')!);
    for (const slot of ['tokens', 'learnerTokens']) stored.state.user[slot].accessToken = 'expired.access.token-0000000000';
    localStorage.setItem('kalike.user.v1', JSON.stringify(stored));
  });
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedUser(page)).toBeNull();
});

test('inside the native app the tab bar stays hidden', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('isMobile', 'true'));
  await page.goto('/updates');
  await expect(page.getByRole('heading', { name: 'Updates', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Sessions, classes and updates' })).toHaveCount(0);
});

test('no web origin and no API route hands out a sign-in code: codes reach only the terminal and the outbox file', async ({ request }) => {
  const { phone } = seededLearners.kavya;
  const requested = await request.post(`${apiOrigin}/v1/auth/otp/request`, { data: { phone }, headers: { 'x-forwarded-for': '198.51.100.254' } });
  expect(requested.status()).toBe(202);
  const code = await latestCode(request, phone);
  for (const origin of [test.info().project.use.baseURL!, apiOrigin]) {
    for (const path of [`/v1/dev/sms-outbox?phone=${encodeURIComponent(phone)}`, '/v1/dev/sms-outbox']) {
      const response = await request.get(`${origin}${path}`);
      expect(response.status(), `${origin}${path}`).toBe(404);
      expect(await response.text()).not.toContain(code);
    }
  }
});
