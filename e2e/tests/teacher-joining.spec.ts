import { expect, test } from '@playwright/test';

import { joinAsTeacher, switchRole } from '../pages/teacher-joining';
import { storedUser } from '../pages/sign-in';
import { fitsThePhone } from '../pages/teachers';

test.use({ viewport: { width: 390, height: 844 } });

test('a new phone joins as a teacher, and switches between teaching and learning in one tap', async ({ page }) => {
  await page.goto('/teach-on-kalike');
  await expect(page.getByText(/Kalike keeps a fee of \d+(\.\d+)?% of the price before GST, and the rest is yours/)).toBeVisible();
  await expect(page.getByText(/^Families pay ₹2,400\.00, you receive ₹[\d,]+\.\d\d$/)).toBeVisible();
  expect(await fitsThePhone(page)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('teach-on-kalike-390.png'), fullPage: true });

  const { teacherId } = await joinAsTeacher(page, { phone: '+910000070001', name: 'Shalini Bhat', subject: 'Carnatic Vocal' });
  expect(teacherId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByRole('region', { name: 'Get started' }).getByRole('link', { name: /Your profile/ })).toHaveAttribute('href', '/teach/profile');
  expect(await fitsThePhone(page)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('teach-home-new-teacher-390.png'), fullPage: true });

  const joined = await storedUser(page);
  expect(joined.learnerTokens?.refreshToken).toBeTruthy();
  expect(joined.teacherTokens?.refreshToken).toBeTruthy();

  await switchRole(page, 'learner');
  await page.goto('/teach/enquiries');
  await expect(page.getByRole('button', { name: 'Switch to teaching' })).toBeVisible();

  await switchRole(page, 'teacher');
  await expect(page.getByRole('navigation', { name: 'Teacher workspace' })).toBeVisible();
  // Both sign-ins are still the ones joining left: switching back and forth used the stored pairs.
  const after = await storedUser(page);
  expect(after.teacherTokens.refreshToken).toBe(joined.teacherTokens.refreshToken);
  expect(after.learnerTokens.refreshToken).toBe(joined.learnerTokens.refreshToken);
});
