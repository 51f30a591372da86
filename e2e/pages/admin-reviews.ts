import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';

import { signedInStateByApi, signInThroughLogin, storedSignIns, storedUser } from './sign-in';
import type { StorageState } from './teachers';

/** Kalike's admin in the local demo (api/src/db/seed/accounts.ts `wellKnownAdmin`). */
export const seededAdmin = { phone: '+910000009001', typed: '00000 09001' } as const;

export type BadgeName = 'Verified Teacher' | 'Super Teacher' | 'Teacher of the Day';

/**
 * Signs the seeded admin in through /login and opens /admin/reviews on `page` (a fresh
 * context; a 390 px viewport is the journey's to choose). Expects the queue's heading.
 */
export async function signInAsAdmin(page: Page, request: APIRequestContext | null = null): Promise<void> {
  await page.goto(`/login?redirectTo=${encodeURIComponent('/admin/reviews')}`);
  await signInThroughLogin(page, request as APIRequestContext, seededAdmin.typed, seededAdmin.phone);
  await expect(page).toHaveURL('/admin/reviews');
  expect((await storedUser(page))?.isAdmin).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Review listings' })).toBeVisible();
}

const adminSignIns = storedSignIns<{ state: StorageState }>('admin');

/**
 * The admin's own phone at 390 px, opened on `landing`: signed in once per run (see
 * storedSignIns) through the API from a documentation address of its own, as these journeys are
 * not about signing in (admin-reviews.spec.ts signs in through /login).
 */
export async function adminPhone(browser: Browser, request: APIRequestContext, landing: string): Promise<Page> {
  let known = adminSignIns.get(seededAdmin.phone);
  if (!known) {
    const { user, state } = await signedInStateByApi(request, seededAdmin.phone, 243);
    expect(user.isAdmin).toBe(true);
    known = { state };
    adminSignIns.set(seededAdmin.phone, known);
  }
  const context = await browser.newContext({ storageState: known.state, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(landing);
  return page;
}

/** The card of a listing waiting for review, by its title; the page must be /admin/reviews. */
export function reviewCard(page: Page, listingTitle: string): Locator {
  return page.getByRole('list', { name: 'Listings to review' }).getByRole('article', { name: listingTitle });
}

/**
 * Approves the listing (new, or its held changes) and waits until it has left the queue and the
 * outcome was announced. Reloads once if the listing was sent for review after the page loaded.
 * For journeys in which a teacher sends a listing through their own pages.
 * @public
 */
export async function approve(page: Page, listingTitle: string): Promise<void> {
  const card = reviewCard(page, listingTitle);
  if (!(await card.isVisible())) await page.reload();
  // Approving asks first, saying what it makes public.
  await card.getByRole('button', { name: /^Approve( changes)?…$/ }).click();
  await card.getByRole('button', { name: /^Yes, approve( changes)?$/ }).click();
  await expect(
    page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: `Approved: ${listingTitle}.` }),
  ).toBeAttached();
  await expect(card).toHaveCount(0);
}

/**
 * Sends the listing back with `reason` (10–500 characters) and waits until it has left the queue.
 * For journeys in which a teacher sends a listing through their own pages.
 * @public
 */
export async function sendBack(page: Page, listingTitle: string, reason: string): Promise<void> {
  const card = reviewCard(page, listingTitle);
  if (!(await card.isVisible())) await page.reload();
  await card.getByRole('button', { name: 'Send back…' }).click();
  await card.getByRole('textbox', { name: 'Why is it going back?' }).fill(reason);
  await card.getByRole('button', { name: 'Send back', exact: true }).click();
  await expect(
    page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: `Sent back: ${listingTitle}.` }),
  ).toBeAttached();
  await expect(card).toHaveCount(0);
}

/**
 * Finds the teacher by name (or phone) in the Badges section and grants `badge` with `reason`
 * (5–200 characters, shown to learners beside it). Expects exactly one teacher of that name.
 */
export async function grantBadge(page: Page, teacherName: string, badge: BadgeName, reason = 'Checked by the Kalike team in person.'): Promise<void> {
  await findTeacher(page, teacherName);
  const teacher = teacherBadges(page, teacherName);
  const grant = teacher.getByRole('form', { name: `Grant ${badge} to ${teacherName}` });
  await grant.getByRole('textbox', { name: `Why ${badge}?` }).fill(reason);
  await grant.getByRole('button', { name: `Grant ${badge} to ${teacherName}` }).click();
  await expect(
    page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: `${badge} granted to ${teacherName}.` }),
  ).toBeAttached();
  await expect(teacher.getByRole('button', { name: `Remove ${badge} from ${teacherName}` })).toBeVisible();
}

/** The teacher's row in the Badges section, after `findTeacher`. */
export function teacherBadges(page: Page, teacherName: string): Locator {
  return page.getByRole('list', { name: 'Teachers found' }).getByRole('article', { name: teacherName });
}

/** Searches the Badges section for a teacher by name or phone. */
export async function findTeacher(page: Page, nameOrPhone: string): Promise<void> {
  const search = page.getByRole('search', { name: 'Find a teacher' });
  await search.getByRole('searchbox', { name: "Teacher's name or phone" }).fill(nameOrPhone);
  await search.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByRole('list', { name: 'Teachers found' })).toBeVisible();
}

/** Removes a badge the teacher holds (after `findTeacher`) and waits for the announcement. */
export async function removeBadge(page: Page, teacherName: string, badge: BadgeName): Promise<void> {
  await teacherBadges(page, teacherName)
    .getByRole('button', { name: `Remove ${badge} from ${teacherName}` })
    .click();
  await expect(
    page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: `${badge} removed from ${teacherName}.` }),
  ).toBeAttached();
  await expect(teacherBadges(page, teacherName).getByRole('form', { name: `Grant ${badge} to ${teacherName}` })).toBeVisible();
}
