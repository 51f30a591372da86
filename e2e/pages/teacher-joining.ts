import { expect, type Page } from '@playwright/test';

import { signInThroughLogin, storedUser } from './sign-in';

export interface NewTeacher {
  /** E.164, e.g. a demo number `+910000070001` the local demo accepts. */
  phone: string;
  /** As families will see it, in any script. */
  name: string;
  /** What they teach: a category's name as the form lists it, e.g. "Carnatic Vocal". */
  subject: string;
  /** Optional: text to search for where they teach (a locality or pincode); the first place offered is chosen. */
  place?: string;
}

/**
 * Joins Kalike as a teacher from a signed-out browser, only through the UI: `/teach-on-kalike`
 * → "Sign in to join" → phone and the SMS code (from the outbox) → the join form → `/teach`.
 * A phone that already teaches skips the form and lands on `/teach` all the same. Resolves
 * with the new teacher's id and leaves the page on `/teach`, signed in as the teacher, with
 * the learner's sign-in kept beside it.
 */
export async function joinAsTeacher(page: Page, teacher: NewTeacher): Promise<{ teacherId: string }> {
  await page.goto('/teach-on-kalike');
  await page.getByRole('link', { name: 'Sign in to join' }).click();
  await signInThroughLogin(page, page.request, teacher.phone.slice(3), teacher.phone);
  await page.waitForURL(/\/teach(-on-kalike)?$/);

  if (new URL(page.url()).pathname === '/teach-on-kalike') {
    const name = page.getByRole('textbox', { name: 'Your name, as families will see it' });
    await name.fill(teacher.name);
    const subject = page.getByRole('combobox', { name: 'What you teach' });
    await expect(subject.getByRole('option', { name: teacher.subject, exact: true })).toBeAttached();
    await subject.selectOption({ label: teacher.subject });
    if (teacher.place) {
      await page.getByLabel('Search by locality or pincode').fill(teacher.place);
      await page.getByRole('listbox', { name: 'Places' }).getByRole('option').first().click();
    }
    await page.getByRole('button', { name: 'Join as a teacher' }).click();
  }

  await expect(page).toHaveURL('/teach');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const user = await storedUser(page);
  expect(user?.userType).toBe('Teacher');
  return { teacherId: user.teacher.id as string };
}

/**
 * One tap in the header's Menu to the other role of the signed-in phone ("Switch to
 * learning" / "Switch to teaching"); lands on `/discover` or `/teach`.
 */
export async function switchRole(page: Page, role: 'learner' | 'teacher'): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Menu' }).click();
  await nav.getByRole('button', { name: role === 'teacher' ? 'Switch to teaching' : 'Switch to learning' }).click();
  await expect(page).toHaveURL(role === 'teacher' ? '/teach' : '/discover');
  expect((await storedUser(page))?.userType).toBe(role === 'teacher' ? 'Teacher' : 'Learner');
}
