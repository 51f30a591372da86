/**
 * Every route of the product, as href builders. Remotes link to each other only through
 * these, never by importing each other. Dynamic segments are URI-encoded here once.
 * Import the module as a namespace (`import * as paths from …`): each builder is its own
 * export, so every app bundles only the builders it links with.
 */
const segment = (value: string) => encodeURIComponent(value);

/** Query parameters for a link; undefined and empty values are left out. */
export type PathParams = Record<string, string | undefined>;

const withParams = (path: string, params?: PathParams) => {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) if (value) query.set(name, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
};

/** refPage and refSection travel with links into a funnel, for analytics (spec §9). */
export interface RefParams {
  refPage: string;
  refSection: string;
}

export const home = () => '/';
export const discover = () => '/discover';
export const categories = () => '/categories';
/** A category's listings, optionally with filters (`{ sort: 'rating' }`). */
export const category = (categorySlug: string, params?: PathParams) => withParams(`/categories/${segment(categorySlug)}`, params);
export const search = (query?: string) => (query ? `/search?q=${segment(query)}` : '/search');
/** Every listing near the learner, optionally filtered (`{ badges: 'verified' }`) or one apartment's (`{ apartment }`). */
export const teachers = (params?: PathParams) => withParams('/teachers', params);
export const shortlist = () => '/shortlist';
export const meet = () => '/meet';
/** The location picker; it comes back to `redirectTo` once a place is confirmed. */
export const mapScreen = (redirectTo?: string) => withParams('/map-screen', { redirectTo });
export const teacher = (city: string, category: string, teacherSlug: string) =>
  `/discover/${segment(city)}/${segment(category)}/teachers/${segment(teacherSlug)}`;
export const teacherEnquire = (city: string, category: string, teacherSlug: string, ref?: RefParams) =>
  withParams(`${teacher(city, category, teacherSlug)}/enquire`, ref ? { ...ref } : undefined);

export const enquiry = (ref?: { refPage: string; refSection: string }) =>
  ref ? `/enquiry?refPage=${segment(ref.refPage)}&refSection=${segment(ref.refSection)}` : '/enquiry';
export const enquiryForm = () => '/enquiryform';
/** Several teachers at once, from the shortlist's selected cards. */
export const enquireMany = () => '/enquire';
export const selectPrograms = () => '/enquire/selectprograms';
export const enquiryEnrichment = (enquiryId: string) => `/enquire/${segment(enquiryId)}/enrichment`;
export const enquiries = () => '/enquiries';
export const enquiriesSuccess = () => '/enquiries/success';
/** One enquiry, followed by the learner; only real enquiry ids match this route. */
export const enquiryDetail = (enquiryId: string) => `/${segment(enquiryId)}`;
export const enquiryThankYou = (enquiryId: string) => `/${segment(enquiryId)}/thank-you`;
export const enquiryStudentDetails = (enquiryId: string) => `/${segment(enquiryId)}/student-details`;
export const studentDetails = (params?: PathParams) => withParams('/student-details', params);
export const enroll = (enquiryId: string) => withParams('/enroll', { enquiryId });

/** The class-pack flow, keyed by batchStudentID (spec §2); `orderId` rides along after checkout. */
export const paymentStep = (
  step: 'select-payment-plan' | 'pay' | 'payment-success' | 'thank-you' | 'settle' | 'change-plan',
  batchStudentId: string,
  params?: PathParams,
) => withParams(`/payments/${step}`, { batchStudentID: batchStudentId, ...params });
/** Cancelling a class pack for a refund, from My Classes. */
export const cancelPack = (packId: string) => `/payments/cancel-pack/${segment(packId)}`;
/** Links sent with the earlier flow keep working on these. */
export const oldPaymentStep = (step: 'select-payment-plan' | 'pay' | 'settle' | 'payment-success', batchStudentId: string, params?: PathParams) =>
  withParams(`/old-payments/${step}`, { batchStudentID: batchStudentId, ...params });
/** Where a payment link or payment request lands after checkout, and a payment's receipt page. */
export const paymentSuccess = (params?: PathParams) => withParams('/payment-success', params);
export const payRequest = (id: string) => `/pay/${segment(id)}`;
export const paymentRequest = (id: string) => `/payment-request/${segment(id)}`;
/** A teacher's link into a batch; `invitation` is the token of the teacher's batch invitation. */
export const batchPaymentRequest = (batchId: string, params?: { invitation?: string }) => withParams(`/batch-payment-request/${segment(batchId)}`, params);
export const oldBatchPaymentRequest = (id: string) => `/old-batch-payment-request/${segment(id)}`;

export const learnerSessions = () => '/learner/sessions';
export const classes = () => '/classes';
/** The family's conversation with the teacher of a batch, by the place's batch student id. */
export const enrolmentMessages = (batchStudentId: string) => `/messages/enrolment/${segment(batchStudentId)}`;
export const updates = () => '/updates';

export const login = (redirectTo?: string) => (redirectTo ? `/login?redirectTo=${segment(redirectTo)}` : '/login');
export const account = () => '/account';
/** Every payment, refund and credit movement of the account, with receipts. */
export const accountPayments = () => '/account/payments';
export const accountDeletion = () => '/account/delete';
/** The notification centre and its settings: the learner's, and the teacher's in the workspace. */
export const notifications = () => '/notifications';
export const notificationSettings = () => '/account/notifications';
export const teachNotifications = () => '/teach/notifications';
export const teachNotificationSettings = () => '/teach/notifications/settings';
/** A GST credit note as a page, by the capability in its texted link (no sign-in). */
export const creditNote = (token: string) => `/credit-notes/${segment(token)}`;
export const userNotFound = () => '/user-not-found';
export const notFound = () => '/404';
export const serverError = () => '/500';
export const about = () => '/about';
export const privacyPolicy = () => '/privacy-policy';
export const terms = () => '/terms-and-conditions';

/** The teacher's workspace (signed in as a teacher; docs/teacher-workspace.md). */
export const teach = () => '/teach';
/** The teacher's inbox, and one enquiry answered from it. */
export const teachEnquiries = () => '/teach/enquiries';
export const teachEnquiry = (enquiryId: string) => `/teach/enquiries/${segment(enquiryId)}`;
/** The teacher's week of classes; `week` is the Monday (IST) of another week. */
export const teachSchedule = (week?: string) => withParams('/teach/schedule', { week });
/** One class's register, cancel and holiday, and posts to its batch. */
export const teachSession = (sessionId: string) => `/teach/sessions/${segment(sessionId)}`;
/** The teacher's payments: asking to pay, invitations, requests and earnings. */
export const teachPayments = () => '/teach/payments';
/** The teacher's conversation with the family of one student, by the place's batch student id. */
export const teachEnrolmentMessages = (batchStudentId: string) => `/teach/messages/enrolment/${segment(batchStudentId)}`;
export const teachReviews = () => '/teach/reviews';
/** Joining as a teacher: sign in with a phone, then a teacher account for it. Open to everyone, so outside `/teach`. */
export const teachJoin = () => '/teach-on-kalike';
/** What learners see of the teacher: name, bio, languages, qualifications and photo. */
export const teachProfile = () => '/teach/profile';
/** The teacher's listings, a new one, and one listing with its programs, batches and class packs. */
export const teachListings = () => '/teach/listings';
export const teachListingNew = () => '/teach/listings/new';
export const teachListing = (listingId: string) => `/teach/listings/${segment(listingId)}`;
/** Where the teacher's earnings are paid: the bank account or UPI id, and every payout. */
export const teachPayouts = () => '/teach/payouts';
/** Kalike's admins: listings waiting for review, and teachers' badges. */
export const adminReviews = () => '/admin/reviews';
/** Kalike's admins: reports of classes not held, refunds of a class, a pack or an amount, and the log of admin money actions. */
export const adminRefunds = () => '/admin/refunds';
export const adminPayoutAccounts = () => '/admin/payout-accounts';
/** Kalike's admins: conversations a family or a teacher reported. */
export const adminReportedThreads = () => '/admin/reported-threads';
