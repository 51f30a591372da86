import { expect, type APIRequestContext, type Page } from '@playwright/test';

import { routeTable } from '../../shell/src/app/route-table';
import { rememberedLocation } from '../playwright.config';
import { knownPaymentRequests } from './composed-app';
import type { SignedUpLearner } from './learners';
import { apiOrigin } from './sign-in';

/** Who may see a route in these checks: some routes only make sense signed out or signed in. */
/** Who opens a route: anyone, a learner signed in or out, or a teacher (the `/teach` workspace). */
export type Audience = 'everyone' | 'signed-out' | 'signed-in' | 'teacher' | 'admin';

export interface MainRoute {
  /** The route table's path this URL stands for. */
  route: string;
  url: string;
  audience: Audience;
}

/**
 * Routes of the route table that are steps inside a flow, reached only from the step
 * before with that step's state (a batch student, an order, an enquiry being written), or
 * error pages: not destinations a person opens on their own.
 */
export const flowRoutes = new Set([
  // Opened from the inbox and the schedule: the teacher's checks follow one link into each.
  '/teach/enquiries/:enquiryId',
  // Opened from a family's classes and a teacher's students: the conversation on one enrolment.
  '/messages/enrolment/:batchStudentId',
  '/teach/messages/enrolment/:batchStudentId',
  '/teach/sessions/:sessionId',
  // Opened from the teacher's list of listings.
  '/teach/listings/:listingId',
  '/enquiryform',
  '/enquire',
  '/enquire/selectprograms',
  '/enquire/:enquiryId/enrichment',
  '/enquiries/success',
  '/student-details',
  '/enroll',
  '/:enquiryId',
  '/:enquiryId/thank-you',
  '/:enquiryId/student-details',
  '/pay/:id',
  // Opened from a refund's link (the text, /account/payments); the seed issues no credit note to open.
  '/credit-notes/:token',
  '/payment-success',
  '/old-batch-payment-request/:id',
  ...routeTable.filter((entry) => /^\/(old-)?payments\//.test(entry.path)).map((entry) => entry.path),
  '/user-not-found',
  '/500',
  '/egm-july',
]);

interface SeededListing {
  id: string;
  path: string;
  teacher: { slug: string };
}

/** Listings near the learner, as the search API finds them. */
export async function listingsNear(request: APIRequestContext, query: string): Promise<SeededListing[]> {
  const response = await request.get(`${apiOrigin}/v1/marketplace/teacherListings/search`, {
    params: { q: query, lat: rememberedLocation.coords.lat, long: rememberedLocation.coords.lng, radiusKm: 50 },
  });
  expect(response.status()).toBe(200);
  const { listings } = (await response.json()) as { listings: SeededListing[] };
  expect(listings.length).toBeGreaterThan(2);
  return listings;
}

/** A batch with class packs on sale, of a teacher other than the one seeded families are enrolled with. */
async function batchOnSale(request: APIRequestContext, listing: SeededListing): Promise<string> {
  const response = await request.get(`${apiOrigin}/v1/marketplace/teacherListings/slug/${listing.teacher.slug}`);
  expect(response.status()).toBe(200);
  const { listings } = (await response.json()) as {
    listings: Array<{ programs: Array<{ batches: Array<{ id: string; seatsLeft: number; plans: unknown[] }> }> }>;
  };
  const batch = listings
    .flatMap((one) => one.programs.flatMap((program) => program.batches))
    .find((candidate) => candidate.seatsLeft > 0 && candidate.plans.length > 0);
  if (!batch) throw new Error(`No batch on sale for ${listing.teacher.slug}`);
  return batch.id;
}

/**
 * Every route of the shell's route table that a person opens as a destination, with real
 * ids from the seed for the routes that take one. A route added to the table must be
 * listed here or in `flowRoutes`: `mainRoutes` fails otherwise.
 */
export async function mainRoutes(request: APIRequestContext): Promise<MainRoute[]> {
  const listings = await listingsNear(request, 'guitar');
  const listing = listings.at(-1)!;
  const batchId = await batchOnSale(request, listing);
  const concrete: Record<string, Array<{ url: string; audience: Audience }>> = {
    '/': [{ url: '/', audience: 'everyone' }],
    '/discover': [{ url: '/discover', audience: 'everyone' }],
    '/categories': [{ url: '/categories', audience: 'everyone' }],
    '/categories/:categorySlug': [{ url: '/categories/chess', audience: 'everyone' }],
    '/search': [{ url: '/search?q=guitar', audience: 'everyone' }],
    '/teachers': [{ url: '/teachers', audience: 'everyone' }],
    '/shortlist': [{ url: '/shortlist', audience: 'everyone' }],
    '/meet': [{ url: '/meet', audience: 'everyone' }],
    '/discover/:city/:category/teachers/:teacherSlug': [{ url: listing.path, audience: 'everyone' }],
    '/discover/:city/:category/teachers/:teacherSlug/enquire': [{ url: `${listing.path}/enquire`, audience: 'everyone' }],
    '/enquiry': [{ url: '/enquiry?refPage=/discover&refSection=ask_music', audience: 'everyone' }],
    '/enquiries': [{ url: '/enquiries', audience: 'everyone' }],
    '/payment-request/:id': [{ url: `/payment-request/${knownPaymentRequests.open}`, audience: 'everyone' }],
    '/batch-payment-request/:batchID': [{ url: `/batch-payment-request/${batchId}`, audience: 'everyone' }],
    '/learner/sessions': [{ url: '/learner/sessions', audience: 'signed-in' }],
    '/classes': [{ url: '/classes', audience: 'everyone' }],
    '/updates': [{ url: '/updates', audience: 'everyone' }],
    '/login': [{ url: '/login', audience: 'signed-out' }],
    '/map-screen': [{ url: '/map-screen', audience: 'everyone' }],
    '/account': [{ url: '/account', audience: 'signed-in' }],
    '/account/payments': [{ url: '/account/payments', audience: 'signed-in' }],
    '/notifications': [{ url: '/notifications', audience: 'signed-in' }],
    '/account/notifications': [{ url: '/account/notifications', audience: 'signed-in' }],
    '/account/delete': [{ url: '/account/delete', audience: 'signed-in' }],
    '/404': [{ url: '/404', audience: 'everyone' }],
    '/about': [{ url: '/about', audience: 'everyone' }],
    '/privacy-policy': [{ url: '/privacy-policy', audience: 'everyone' }],
    '/terms-and-conditions': [{ url: '/terms-and-conditions', audience: 'everyone' }],
    '/teach': [{ url: '/teach', audience: 'teacher' }],
    '/teach/enquiries': [{ url: '/teach/enquiries', audience: 'teacher' }],
    '/teach/schedule': [{ url: '/teach/schedule', audience: 'teacher' }],
    '/teach/payments': [{ url: '/teach/payments', audience: 'teacher' }],
    '/teach/reviews': [{ url: '/teach/reviews', audience: 'teacher' }],
    '/teach/profile': [{ url: '/teach/profile', audience: 'teacher' }],
    '/teach/listings': [{ url: '/teach/listings', audience: 'teacher' }],
    '/teach/listings/new': [{ url: '/teach/listings/new', audience: 'teacher' }],
    '/teach/payouts': [{ url: '/teach/payouts', audience: 'teacher' }],
    '/teach/notifications': [{ url: '/teach/notifications', audience: 'teacher' }],
    '/teach/notifications/settings': [{ url: '/teach/notifications/settings', audience: 'teacher' }],
    '/teach-on-kalike': [{ url: '/teach-on-kalike', audience: 'everyone' }],
    // Admin pages are left to the admins' own journeys (admin-reviews.spec.ts), signed in as the seeded admin.
    '/admin/reviews': [{ url: '/admin/reviews', audience: 'admin' }],
    '/admin/refunds': [{ url: '/admin/refunds', audience: 'admin' }],
    '/admin/payout-accounts': [{ url: '/admin/payout-accounts', audience: 'admin' }],
    '/admin/reported-threads': [{ url: '/admin/reported-threads', audience: 'admin' }],
  };
  const unlisted = routeTable.map((entry) => entry.path).filter((path) => !concrete[path] && !flowRoutes.has(path));
  expect(unlisted, 'every route is either checked here or a step inside a flow').toEqual([]);
  return Object.entries(concrete).flatMap(([route, urls]) => urls.map((entry) => ({ route, ...entry })));
}

export const routesFor = (routes: MainRoute[], signedIn: boolean) =>
  routes.filter((route) => route.audience === 'everyone' || route.audience === (signedIn ? 'signed-in' : 'signed-out'));

/**
 * The teacher's workspace pages, and one enquiry and one class register opened from them the
 * way a teacher reaches them.
 */
export async function teacherWorkspaceUrls(page: Page, routes: MainRoute[]): Promise<string[]> {
  const urls = routes.filter((route) => route.audience === 'teacher').map((route) => route.url);
  await openAndSettle(page, '/teach/enquiries');
  const enquiry = await page
    .getByRole('link', { name: /^Open enquiry from / })
    .first()
    .getAttribute('href');
  await openAndSettle(page, '/teach/schedule');
  const session = await page.locator('a[href^="/teach/sessions/"]').first().getAttribute('href');
  await openAndSettle(page, '/teach/listings');
  const listing = await page.locator('a[href^="/teach/listings/"]:not([href="/teach/listings/new"])').first().getAttribute('href');
  expect(enquiry, 'the teacher has an enquiry to open').toBeTruthy();
  expect(session, 'the teacher has a class this week').toBeTruthy();
  expect(listing, 'the teacher has a listing to open').toBeTruthy();
  return [...urls, enquiry!, session!, listing!];
}

/** Puts the listings on the learner's shortlist through the API, so the comparison has columns. */
export async function shortlistListings(request: APIRequestContext, learner: SignedUpLearner, listings: SeededListing[]): Promise<void> {
  for (const listing of listings) {
    const response = await request.post(`${apiOrigin}/v1/marketplace/teacherListings/shortlist`, {
      headers: { authorization: `Bearer ${learner.user.tokens.accessToken}` },
      data: { teacherListingID: listing.id },
    });
    // Already there (a retried test) is as good as added.
    expect([200, 201, 204, 409], await response.text()).toContain(response.status());
  }
}

/**
 * Opens a route and waits until its page has drawn: a heading in the page content and
 * no loading placeholders left.
 */
export async function openAndSettle(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('#page-content h1').first()).toBeVisible();
  await expect(page.getByRole('status', { name: /^(Loading|Checking)/ })).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}
