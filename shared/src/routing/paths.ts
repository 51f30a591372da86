/**
 * Every route of the product, as href builders. Remotes link to each other only through
 * these, never by importing each other. Dynamic segments are URI-encoded here once.
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

export const paths = {
  home: () => '/',
  discover: () => '/discover',
  categories: () => '/categories',
  /** A category's listings, optionally with filters (`{ sort: 'rating' }`). */
  category: (categorySlug: string, params?: PathParams) => withParams(`/categories/${segment(categorySlug)}`, params),
  search: (query?: string) => (query ? `/search?q=${segment(query)}` : '/search'),
  /** Every listing near the learner, optionally filtered (`{ badges: 'verified' }`) or one apartment's (`{ apartment }`). */
  teachers: (params?: PathParams) => withParams('/teachers', params),
  shortlist: () => '/shortlist',
  meet: () => '/meet',
  /** The location picker; it comes back to `redirectTo` once a place is confirmed. */
  mapScreen: (redirectTo?: string) => withParams('/map-screen', { redirectTo }),
  teacher: (city: string, category: string, teacherSlug: string) => `/discover/${segment(city)}/${segment(category)}/teachers/${segment(teacherSlug)}`,
  teacherEnquire: (city: string, category: string, teacherSlug: string, ref?: RefParams) =>
    withParams(`${paths.teacher(city, category, teacherSlug)}/enquire`, ref ? { ...ref } : undefined),

  enquiry: (ref?: { refPage: string; refSection: string }) =>
    ref ? `/enquiry?refPage=${segment(ref.refPage)}&refSection=${segment(ref.refSection)}` : '/enquiry',
  enquiryForm: () => '/enquiryform',
  /** Several teachers at once, from the shortlist's selected cards. */
  enquireMany: () => '/enquire',
  selectPrograms: () => '/enquire/selectprograms',
  enquiryEnrichment: (enquiryId: string) => `/enquire/${segment(enquiryId)}/enrichment`,
  enquiries: () => '/enquiries',
  enquiriesSuccess: () => '/enquiries/success',
  /** One enquiry, followed by the learner; only real enquiry ids match this route. */
  enquiryDetail: (enquiryId: string) => `/${segment(enquiryId)}`,
  enquiryThankYou: (enquiryId: string) => `/${segment(enquiryId)}/thank-you`,
  enquiryStudentDetails: (enquiryId: string) => `/${segment(enquiryId)}/student-details`,
  studentDetails: (params?: PathParams) => withParams('/student-details', params),
  enroll: (enquiryId: string) => withParams('/enroll', { enquiryId }),

  /** The class-pack flow, keyed by batchStudentID (spec §2); `orderId` rides along after checkout. */
  paymentStep: (
    step: 'select-payment-plan' | 'pay' | 'payment-success' | 'thank-you' | 'settle' | 'change-plan',
    batchStudentId: string,
    params?: PathParams,
  ) => withParams(`/payments/${step}`, { batchStudentID: batchStudentId, ...params }),
  /** Links sent with the earlier flow keep working on these. */
  oldPaymentStep: (step: 'select-payment-plan' | 'pay' | 'settle' | 'payment-success', batchStudentId: string, params?: PathParams) =>
    withParams(`/old-payments/${step}`, { batchStudentID: batchStudentId, ...params }),
  /** Where a payment link or payment request lands after checkout (spelled so in spec §2). */
  paymentSucess: (params?: PathParams) => withParams('/payment-sucess', params),
  payRequest: (id: string) => `/pay/${segment(id)}`,
  paymentRequest: (id: string) => `/payment-request/${segment(id)}`,
  /** A teacher's link into a batch; `invitation` is the token of the teacher's batch invitation. */
  batchPaymentRequest: (batchId: string, params?: { invitation?: string }) => withParams(`/batch-payment-request/${segment(batchId)}`, params),
  oldBatchPaymentRequest: (id: string) => `/old-batch-payment-request/${segment(id)}`,

  learnerSessions: () => '/learner/sessions',
  classes: () => '/classes',
  updates: () => '/updates',

  login: (redirectTo?: string) => (redirectTo ? `/login?redirectTo=${segment(redirectTo)}` : '/login'),
  account: () => '/account',
  userNotFound: () => '/user-not-found',
  notFound: () => '/404',
  serverError: () => '/500',
  about: () => '/about',
  privacyPolicy: () => '/privacy-policy',
  terms: () => '/terms-and-conditions',
} as const;
