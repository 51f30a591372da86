// Schema-free, so the browser's ApiError can check a code against the list without the
// contracts' schema library. The error body's schema is in contracts/error.ts.

/**
 * Error codes the API may return; clients switch on these, never on messages. The one list:
 * `DomainError` takes only these, and the browser's `ApiError.code` is typed from them.
 */
export const errorCodes = [
  'VALIDATION_ERROR',
  // A framework-level client error (unsupported media type, body too large, ...)
  'BAD_REQUEST',
  'INVALID_JSON',
  'INVALID_ID',
  'INVALID_CURSOR',
  'INVALID_PUSH_SUBSCRIPTION',
  'NOT_FOUND',
  'CATEGORY_NOT_FOUND',
  'PAYMENT_REQUEST_NOT_FOUND',
  'INTERNAL_ERROR',
  'DATABASE_BUSY',
  // Sign-in and tokens
  'INVALID_PHONE',
  'INVALID_CODE',
  'ACTION_CODE_REQUIRED',
  'CODE_EXPIRED',
  'TOO_MANY_REQUESTS',
  'SMS_SEND_FAILED',
  'INVALID_REFRESH_TOKEN',
  'REFRESH_TOKEN_REUSED',
  'UNAUTHORIZED',
  'INVALID_CLIENT_HEADER',
  // Accounts
  'FORBIDDEN',
  'USER_ERROR_NOT_FOUND',
  'TOO_MANY_STUDENTS',
  'STUDENT_NOT_FOUND',
  // Places, flags and analytics
  'OUTSIDE_SERVICE_AREA',
  'GEOCODER_UNAVAILABLE',
  'CLIENT_KEY_NOT_FOUND',
  'FEATURE_NOT_FOUND',
  'INVALID_RULE',
  'RATE_LIMITED',
  // Marketplace
  'LISTING_NOT_FOUND',
  'TEACHER_NOT_FOUND',
  'APARTMENT_NOT_FOUND',
  'SHORTLIST_FULL',
  // Enquiries
  'ENQUIRY_NOT_FOUND',
  'INVALID_TRANSITION',
  'OFFER_CHANGED',
  'ENQUIRY_ALREADY_OPEN',
  'TOO_MANY_ENQUIRIES',
  'MODE_NOT_OFFERED',
  'OWN_LISTING',
  'IDEMPOTENCY_KEY_REQUIRED',
  'IDEMPOTENCY_KEY_REUSED',
  'PROGRAM_NOT_FOUND',
  'BATCH_NOT_FOUND',
  'BATCH_FULL',
  'BATCH_ENDED',
  'SESSION_NOT_FOUND',
  'CALENDAR_FEED_NOT_FOUND',
  // Payments
  'BATCH_STUDENT_NOT_FOUND',
  'PLAN_NOT_FOUND',
  'COUPON_INVALID',
  'REFERRAL_INVALID',
  'ORDER_NOT_FOUND',
  'ORDER_EXPIRED',
  'ORDER_ALREADY_PAID',
  'NOTHING_TO_PAY',
  'SIGNATURE_INVALID',
  'PAYMENT_AMOUNT_MISMATCH',
  'COUPON_USED_UP',
  'CHECKOUT_IN_PROGRESS',
  'PAYMENT_LINK_NOT_FOUND',
  'PAYMENT_LINK_EXPIRED',
  'PAYMENT_REQUEST_CLOSED',
  'PAYMENT_REQUEST_ALREADY_OPEN',
  'PACK_ALREADY_WAITING',
  'WEBHOOK_SIGNATURE_INVALID',
  'GATEWAY_UNAVAILABLE',
  'RECEIPT_NOT_READY',
  // Joining a batch with a teacher's invitation, and the seat held until payment
  'BATCH_INVITATION_REQUIRED',
  'BATCH_INVITATION_INVALID',
  'BATCH_INVITATION_EXPIRED',
  'BATCH_INVITATION_USED_UP',
  // The invitation came in the address, where logs would keep it; it belongs in the x-batch-invitation header
  'INVITATION_IN_ADDRESS',
  'SEAT_HOLD_LIMIT',
  'JOIN_LIMIT_REACHED',
  'SEAT_HOLD_EXPIRED',
  // Sessions: the teacher's moves and attendance
  'SESSION_ALREADY_STARTED',
  'SESSION_DAY_TAKEN',
  'SESSION_COMPLETED',
  'SESSION_NOT_STARTED',
  'SESSION_CANCELLED',
  'ATTENDANCE_ALREADY_MARKED',
  'ATTENDANCE_NOT_MARKED',
  'ATTENDANCE_CORRECTION_CLOSED',
  'BATCH_STUDENT_NOT_IN_BATCH',
  // Surveys
  'SURVEY_NOT_ALLOWED',
  'SURVEY_WINDOW_CLOSED',
  'SURVEY_ALREADY_ANSWERED',
  // A teacher's reviews
  'REVIEW_NOT_FOUND',
  'REVIEW_ALREADY_REPLIED',
  // Joining as a teacher and switching role
  'NOT_A_TEACHER',
  'SAME_ROLE',
  'LOCALITY_NOT_FOUND',
  // Review before going live: the admins' decisions
  'NOTHING_TO_REVIEW',
  // Payouts to teachers
  'PAYOUT_ACCOUNT_NOT_VERIFIED',
  'PAYOUT_BELOW_MINIMUM',
  'PAYOUT_ALREADY_TODAY',
  'PAYOUT_PROVIDER_UNAVAILABLE',
  'PAYOUT_HELD',
  'NOT_AWAITING_REVIEW',
  // A teacher's profile photo
  'PHOTO_MISSING',
  'PHOTO_TOO_LARGE',
  'PHOTO_NOT_AN_IMAGE',
  'PHOTO_WRONG_SIZE',
  'PHOTO_TOO_DEEP',
  'PHOTO_INTERLACED',
  'PHOTOS_BUSY',
  // A teacher writing their listings
  'LISTING_IN_REVIEW',
  'LISTING_INCOMPLETE',
  'LISTING_EXISTS',
  'LISTING_NOT_DRAFT',
  'BATCH_IN_PAST',
  'BATCH_HAS_STUDENTS',
  'SEATS_BELOW_ENROLLED',
  'PRICE_OUT_OF_BOUNDS',
  'PLAN_HAS_PACKS',
  'PROGRAM_HAS_BATCHES',
  'NEEDS_REVIEW',
  // Cancellations and refunds
  'CLASS_PACK_NOT_FOUND',
  'NOTHING_TO_REFUND',
  'REFUND_AMOUNT_CHANGED',
  'CREDIT_NOTE_NOT_FOUND',
  // Classes that did not happen, and admin refunds
  'CLASS_REPORT_NOT_FOUND',
  'CLASS_NOT_REPORTABLE',
  'CLASS_REPORT_WINDOW_CLOSED',
  'CLASS_ALREADY_REPORTED',
  'CLASS_REPORT_RESOLVED',
  'REFUND_TOO_LARGE',
  'REFUND_AMOUNT_REQUIRED',
  // Conversations on enquiries and enrolments
  'THREAD_NOT_FOUND',
  'THREAD_CLOSED',
  'MESSAGE_LIMIT_REACHED',
  // A person's data rights
  'ACCOUNT_DELETION_BLOCKED',
  // The page-change feed, for the web origins only
  'PAGE_CHANGES_SECRET_REQUIRED',
  'PAGE_CHANGES_SECRET_WRONG',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/**
 * Codes the browser gives a failure no code from the API explains: no connection, a time-out,
 * a reverse geocode with no address, or an answer without a code (`HTTP_<status>`).
 */
export type ClientErrorCode = 'NETWORK_ERROR' | 'TIMEOUT' | 'NO_ADDRESS' | `HTTP_${number}`;

/** Every code an `ApiError` can carry: the API's, and the browser's own. */
export type ApiErrorCode = ErrorCode | ClientErrorCode;
