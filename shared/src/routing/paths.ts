/**
 * Every route of the product, as href builders. Remotes link to each other only through
 * these, never by importing each other. Dynamic segments are URI-encoded here once.
 */
const segment = (value: string) => encodeURIComponent(value);

export const paths = {
  home: () => '/',
  discover: () => '/discover',
  categories: () => '/categories',
  category: (categorySlug: string) => `/categories/${segment(categorySlug)}`,
  search: (query?: string) => (query ? `/search?q=${segment(query)}` : '/search'),
  teachers: () => '/teachers',
  shortlist: () => '/shortlist',
  meet: () => '/meet',
  mapScreen: () => '/map-screen',
  teacher: (city: string, category: string, teacherSlug: string) =>
    `/discover/${segment(city)}/${segment(category)}/teachers/${segment(teacherSlug)}`,
  teacherEnquire: (city: string, category: string, teacherSlug: string) =>
    `${paths.teacher(city, category, teacherSlug)}/enquire`,

  enquiry: (ref?: { refPage: string; refSection: string }) =>
    ref ? `/enquiry?refPage=${segment(ref.refPage)}&refSection=${segment(ref.refSection)}` : '/enquiry',
  enquiries: () => '/enquiries',
  enquiriesSuccess: () => '/enquiries/success',

  payRequest: (id: string) => `/pay/${segment(id)}`,
  paymentRequest: (id: string) => `/payment-request/${segment(id)}`,
  batchPaymentRequest: (batchId: string) => `/batch-payment-request/${segment(batchId)}`,

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
