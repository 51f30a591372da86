import type { RemoteName, RemotePageName } from '@kalike/shared/federation/remote-pages';

/**
 * Who may open a route (spec §2 "Guarding"): public routes need no sign-in; every other
 * route sends a signed-out person to /login?redirectTo=…, except /account, which sends
 * them to /login with no redirect. `teacher` routes (the teacher's workspace) also need the
 * person to be signed in as a teacher; a learner is told how to become one. `admin` routes need
 * a signed-in Kalike admin; anyone else signed in is told the page is for admins.
 */
export type RouteAccess = 'public' | 'signed-in' | 'signed-in-no-redirect' | 'teacher' | 'admin';

/** The shell's own pages (router.tsx renders each). */
export const shellPageNames = [
  'login',
  'account',
  'map-screen',
  'not-found',
  'server-error',
  'user-not-found',
  'about',
  'privacy-policy',
  'terms-and-conditions',
  'egm-july',
  'teach-home',
  'teach-join',
  'notifications',
  'teach-notifications',
  'notification-settings',
  'teach-notification-settings',
  'account-deletion',
] as const;
export type ShellPageName = (typeof shellPageNames)[number];

interface RouteFields {
  path: string;
  access: RouteAccess;
}

/** A route one remote renders: `page` is a name in that remote's list (shared/src/federation/remote-pages.ts). */
export type RemoteRouteEntry = { [R in RemoteName]: RouteFields & { owner: R; page: RemotePageName<R> } }[RemoteName];

export type ShellRouteEntry = RouteFields & { owner: 'shell'; page: ShellPageName };

export type RouteEntry = RemoteRouteEntry | ShellRouteEntry;

/** The `/payments/*` and `/old-payments/*` step names, read off the payments remote's pages. */
type PaymentFlowStep<Prefix extends string> =
  RemotePageName<'mfe_payments'> extends infer Name ? (Name extends `${Prefix}-${infer Step}` ? Step : never) : never;

const teacherPage = '/discover/:city/:category/teachers/:teacherSlug';

/** Builds the `/payments/*` and `/old-payments/*` routes keyed by ?batchStudentID. */
const paymentFlowRoutes = <Prefix extends 'payments' | 'old-payments'>(prefix: Prefix, steps: ReadonlyArray<PaymentFlowStep<Prefix>>): RouteEntry[] =>
  steps.map((step) => ({ path: `/${prefix}/${step}`, owner: 'mfe_payments', page: `${prefix}-${step}` as RemotePageName<'mfe_payments'>, access: 'public' }));

/** The route map of docs/architecture.md: every route of spec §2 and its owner. */
export const routeTable: RouteEntry[] = [
  // discover
  { path: '/', owner: 'mfe_discover', page: 'home', access: 'public' },
  { path: '/discover', owner: 'mfe_discover', page: 'discover', access: 'public' },
  { path: '/categories', owner: 'mfe_discover', page: 'categories', access: 'public' },
  { path: '/categories/:categorySlug', owner: 'mfe_discover', page: 'category', access: 'public' },
  { path: '/search', owner: 'mfe_discover', page: 'search', access: 'public' },
  { path: '/teachers', owner: 'mfe_discover', page: 'teachers', access: 'public' },
  { path: '/shortlist', owner: 'mfe_discover', page: 'shortlist', access: 'public' },
  { path: '/meet', owner: 'mfe_discover', page: 'meet', access: 'public' },
  { path: teacherPage, owner: 'mfe_discover', page: 'teacher', access: 'public' },

  // enquiry
  { path: `${teacherPage}/enquire`, owner: 'mfe_enquiry', page: 'teacher-enquire', access: 'public' },
  { path: '/enquiry', owner: 'mfe_enquiry', page: 'enquiry', access: 'public' },
  { path: '/enquiryform', owner: 'mfe_enquiry', page: 'enquiry-form', access: 'public' },
  { path: '/enquire', owner: 'mfe_enquiry', page: 'enquire', access: 'public' },
  { path: '/enquire/selectprograms', owner: 'mfe_enquiry', page: 'select-programs', access: 'public' },
  { path: '/enquire/:enquiryId/enrichment', owner: 'mfe_enquiry', page: 'enrichment', access: 'public' },
  { path: '/enquiries', owner: 'mfe_enquiry', page: 'enquiries', access: 'public' },
  { path: '/enquiries/success', owner: 'mfe_enquiry', page: 'enquiries-success', access: 'public' },
  { path: '/student-details', owner: 'mfe_enquiry', page: 'student-details', access: 'public' },
  { path: '/enroll', owner: 'mfe_enquiry', page: 'enroll', access: 'public' },
  { path: '/messages/enrolment/:batchStudentId', owner: 'mfe_enquiry', page: 'enrolment-messages', access: 'signed-in' },
  // `/:enquiryId` is matched last by the router's ranking and only for enquiry-id shaped
  // segments (see enquiry-id-route.tsx); anything else falls through to /404.
  { path: '/:enquiryId', owner: 'mfe_enquiry', page: 'enquiry-detail', access: 'public' },
  { path: '/:enquiryId/thank-you', owner: 'mfe_enquiry', page: 'enquiry-thank-you', access: 'public' },
  { path: '/:enquiryId/student-details', owner: 'mfe_enquiry', page: 'enquiry-student-details', access: 'public' },

  // payments
  { path: '/pay/:id', owner: 'mfe_payments', page: 'pay', access: 'public' },
  { path: '/payment-request/:id', owner: 'mfe_payments', page: 'payment-request', access: 'public' },
  { path: '/payment-success', owner: 'mfe_payments', page: 'payment-success', access: 'public' },
  { path: '/old-batch-payment-request/:id', owner: 'mfe_payments', page: 'old-batch-payment-request', access: 'public' },
  { path: '/batch-payment-request/:batchID', owner: 'mfe_payments', page: 'batch-payment-request', access: 'public' },
  { path: '/account/payments', owner: 'mfe_payments', page: 'account-payments', access: 'signed-in' },
  // Public by its link, as its PDF: the token is the capability, texted to the payer.
  { path: '/credit-notes/:token', owner: 'mfe_payments', page: 'credit-note', access: 'public' },
  ...paymentFlowRoutes('payments', ['select-payment-plan', 'pay', 'payment-success', 'thank-you', 'settle', 'change-plan']),
  { path: '/payments/cancel-pack/:packId', owner: 'mfe_payments', page: 'payments-cancel-pack', access: 'signed-in' },
  ...paymentFlowRoutes('old-payments', ['select-payment-plan', 'pay', 'settle', 'payment-success']),

  // sessions
  { path: '/learner/sessions', owner: 'mfe_sessions', page: 'learner-sessions', access: 'signed-in' },
  { path: '/classes', owner: 'mfe_sessions', page: 'classes', access: 'public' },
  { path: '/updates', owner: 'mfe_sessions', page: 'updates', access: 'public' },

  // the teacher's workspace (the /teach home is the shell's, composed of the remotes' teach-home-* widgets)
  { path: '/teach', owner: 'shell', page: 'teach-home', access: 'teacher' },
  { path: '/teach/enquiries', owner: 'mfe_enquiry', page: 'teach-enquiries', access: 'teacher' },
  { path: '/teach/enquiries/:enquiryId', owner: 'mfe_enquiry', page: 'teach-enquiry', access: 'teacher' },
  { path: '/teach/messages/enrolment/:batchStudentId', owner: 'mfe_enquiry', page: 'teach-enrolment-messages', access: 'teacher' },
  { path: '/teach/schedule', owner: 'mfe_sessions', page: 'teach-schedule', access: 'teacher' },
  { path: '/teach/sessions/:sessionId', owner: 'mfe_sessions', page: 'teach-session', access: 'teacher' },
  { path: '/teach/payments', owner: 'mfe_payments', page: 'teach-payments', access: 'teacher' },
  { path: '/teach/reviews', owner: 'mfe_discover', page: 'teach-reviews', access: 'teacher' },
  { path: '/teach/profile', owner: 'mfe_discover', page: 'teach-profile', access: 'teacher' },
  { path: '/teach/listings', owner: 'mfe_discover', page: 'teach-listings', access: 'teacher' },
  { path: '/teach/listings/new', owner: 'mfe_discover', page: 'teach-listing-new', access: 'teacher' },
  { path: '/teach/listings/:listingId', owner: 'mfe_discover', page: 'teach-listing', access: 'teacher' },
  { path: '/teach/payouts', owner: 'mfe_payments', page: 'teach-payouts', access: 'teacher' },
  // the notification centre and its settings (the shell's: they span every domain), one per audience
  { path: '/teach/notifications', owner: 'shell', page: 'teach-notifications', access: 'teacher' },
  { path: '/teach/notifications/settings', owner: 'shell', page: 'teach-notification-settings', access: 'teacher' },
  // joining is open to everyone (so it is outside /teach): a signed-out person signs in on the page, a learner adds a teacher account
  { path: '/teach-on-kalike', owner: 'shell', page: 'teach-join', access: 'public' },

  // Kalike's admins
  { path: '/admin/reviews', owner: 'mfe_discover', page: 'admin-reviews', access: 'admin' },
  { path: '/admin/refunds', owner: 'mfe_payments', page: 'admin-refunds', access: 'admin' },
  { path: '/admin/payout-accounts', owner: 'mfe_payments', page: 'admin-payouts', access: 'admin' },
  { path: '/admin/reported-threads', owner: 'mfe_enquiry', page: 'admin-reported-threads', access: 'admin' },

  // shell
  { path: '/login', owner: 'shell', page: 'login', access: 'public' },
  { path: '/user-not-found', owner: 'shell', page: 'user-not-found', access: 'public' },
  { path: '/map-screen', owner: 'shell', page: 'map-screen', access: 'public' },
  { path: '/account', owner: 'shell', page: 'account', access: 'signed-in-no-redirect' },
  { path: '/notifications', owner: 'shell', page: 'notifications', access: 'signed-in' },
  { path: '/account/notifications', owner: 'shell', page: 'notification-settings', access: 'signed-in' },
  // Public: the page stays to say the account is deleted once the person is signed out; signed out, it asks them to sign in.
  { path: '/account/delete', owner: 'shell', page: 'account-deletion', access: 'public' },
  { path: '/404', owner: 'shell', page: 'not-found', access: 'public' },
  { path: '/500', owner: 'shell', page: 'server-error', access: 'public' },
  { path: '/about', owner: 'shell', page: 'about', access: 'public' },
  { path: '/privacy-policy', owner: 'shell', page: 'privacy-policy', access: 'public' },
  { path: '/terms-and-conditions', owner: 'shell', page: 'terms-and-conditions', access: 'public' },
  { path: '/egm-july', owner: 'shell', page: 'egm-july', access: 'public' },
];

/**
 * The small cards the `/teach` home is composed of, one per remote that has a figure for the
 * teacher's day. They are pages of their remote with no route of their own: the home mounts
 * each through RemotePage, so one failing remote degrades one card.
 */
export const teachHomeWidgets = [
  { owner: 'mfe_sessions', page: 'teach-home-today', title: "Today's classes" },
  { owner: 'mfe_enquiry', page: 'teach-home-enquiries', title: 'Enquiries waiting' },
  { owner: 'mfe_payments', page: 'teach-home-money', title: 'Money due' },
] as const satisfies ReadonlyArray<Pick<RemoteRouteEntry, 'owner' | 'page'> & { title: string }>;

/**
 * Addresses that moved. The old one still opens and takes its query and hash along: a
 * gateway, a texted link or a bookmark may carry it for a long while (the receipt page was
 * first published misspelt).
 */
export const movedRoutes = [{ from: '/payment-sucess', to: '/payment-success' }] as const;

/** Spec §2: the tab bar appears only on these routes. */
export const tabBarPaths = ['/learner/sessions', '/classes', '/updates'] as const;

/** The teacher's workspace: every route under it is `teacher` access and shows the workspace's tabs. */
export const teachAreaPath = '/teach';
export const isTeachAreaPath = (pathname: string): boolean => pathname === teachAreaPath || pathname.startsWith(`${teachAreaPath}/`);
