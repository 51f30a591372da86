import type { ColumnType, Generated } from 'kysely';
import type { EnquiryAction, EnquiryActor, EnquiryMode, EnquiryState, StudentLevel } from '@kalike/shared/domain/enquiry-lifecycle';
import type { BatchStudentStatus } from '@kalike/shared/domain/batch-student-lifecycle';
import type { PointPrecision, TimeOfDay } from '@kalike/shared/domain/listing-values';
import type { CheckoutOutcome, CouponKind, LedgerEntryKind, OrderPurpose, PaymentGateway, PaymentLinkStatus } from '@kalike/shared/domain/payment-values';
import type { OrderStatus } from '@kalike/shared/domain/order-lifecycle';
import type { PayoutAccountKind, PayoutAccountVerification, PayoutLedgerEntryKind, PayoutStatus, PayoutTrigger } from '@kalike/shared/domain/payout-lifecycle';
import type { PayoutAuditActor, PayoutAuditEvent } from '@kalike/shared/domain/payout-audit';
import type { ClassPackStatus } from '@kalike/shared/domain/class-pack-lifecycle';
import type { RefundStatus } from '@kalike/shared/domain/refund-lifecycle';
import type { RefundMethod, RefundReasonKind } from '@kalike/shared/domain/refund-policy';
import type { ListingChangeKind, ListingChangeStatus, ListingReviewState } from '@kalike/shared/domain/listing-review-lifecycle';

/** Who moves payout money: the offline sandbox, or Razorpay when its keys are set. */
export type PayoutProvider = 'sandbox' | 'razorpay';

/** timestamptz: written as Date or ISO string, read back as Date. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** timestamptz with a database default. */
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** date: read back as text via to_char in queries, because pg and PGlite parse it differently. */
type CalendarDate = ColumnType<string, string, string>;
/** numeric comes back as a string from node-postgres; queries cast it before reading. */
type Numeric = ColumnType<string, number | string, number | string>;

export interface LocalitiesTable {
  id: Generated<string>;
  slug: string;
  name: string;
  pincode: string;
  lat: number;
  lng: number;
  /** Lowercase letters and digits of the name (generated), to find the locality in search text. */
  search_name: Generated<string>;
}

export interface ApartmentsTable {
  id: Generated<string>;
  slug: string;
  name: string;
  locality_id: string;
  pincode: string;
  lat: number;
  lng: number;
}

export interface CategoriesTable {
  id: Generated<string>;
  slug: string;
  name: string;
  description: string;
  icon: string;
  sort_order: number;
}

export interface TeachersTable {
  id: Generated<string>;
  slug: string;
  name: string;
  bio: string;
  experience_years: number;
  photo_url: string | null;
  phone: string;
  languages: string[];
  rating_avg: Numeric;
  rating_count: number;
  /** The category the teacher signed up for; their listing in it is the canonical one. */
  main_category_id: string | null;
  /** Where the teacher said they teach from when they joined; null for the seeded teachers. */
  locality_id: string | null;
  created_at: DefaultedTimestamp;
  qualifications: Generated<string[]>;
  /** The version of the uploaded photo (a hash of its files); null without a photo. */
  photo_hash: string | null;
  /** The uploaded photo's width and height after turning it upright, before resizing. */
  photo_width: number | null;
  photo_height: number | null;
  /** Every stored file of the photo; empty without one. */
  photo_files: ColumnType<StoredPhotoFile[], string | undefined, string>;
  profile_updated_at: Timestamp | null;
}

/** One stored size of a teacher's photo (teachers.photo_files). */
export interface StoredPhotoFile {
  key: string;
  url: string;
  width: number;
  format: 'webp' | 'jpeg';
}

export type TeacherBadge = 'super_teacher' | 'verified' | 'teacher_of_the_day';

export interface TeacherBadgesTable {
  teacher_id: string;
  badge: TeacherBadge;
  granted_at: Timestamp;
  reason: string;
}

export type ListingMode = 'at_home' | 'at_centre' | 'online' | 'apartment';

export interface TeacherListingsTable {
  id: Generated<string>;
  teacher_id: string;
  category_id: string;
  title: string;
  locality_id: string;
  apartment_id: string | null;
  lat: number;
  lng: number;
  /** 'locality' when lat/lng is only the locality's centre (db/listing-filters.ts keeps it): distances are shown rounded. */
  point_precision: ColumnType<PointPrecision, PointPrecision | undefined, PointPrecision>;
  mode: ListingMode;
  price_from_paise: number;
  age_min: number;
  age_max: number;
  search_text: string;
  /** The teacher's own words about the listing. */
  about: ColumnType<string, string | undefined, string>;
  /** Where the teacher says they are based; the listing's point falls back to it without an in-person batch. */
  base_locality_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Bit d-1 set when a batch meets on ISO weekday d (db/listing-filters.ts). */
  day_mask: Generated<number>;
  /** morning 1, afternoon 2, evening 4: when the listing's batches start. */
  time_mask: Generated<number>;
  /** teacher_of_the_day 1, super_teacher 2, verified 4: the teacher's badges. */
  badge_mask: Generated<number>;
  /** Copy of teachers.rating_avg, so the rating sort can walk an index. */
  teacher_rating_avg: ColumnType<string, number | string | undefined, number | string>;
  /** ll_to_earth(lat, lng), stored (generated); the GiST indexes and distances use it. */
  earth: Generated<string>;
  /** search_text split into lowercase words (generated); GIN-indexed for search. */
  search_words: Generated<string[]>;
  /** Learners see a listing only while it is active, and it can be active only when live. */
  is_active: Generated<boolean>;
  review_state: ColumnType<ListingReviewState, ListingReviewState | undefined, ListingReviewState>;
  /** The admin's reason when the listing was last sent back. */
  review_note: string | null;
  submitted_at: Timestamp | null;
  reviewed_at: Timestamp | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

/** A change to a live listing's price or place, held until an admin decides. */
export interface ListingChangesTable {
  id: Generated<string>;
  listing_id: string;
  kind: ListingChangeKind;
  /** The plan or batch changed; null for the listing's own place. */
  target_id: string | null;
  proposed: ColumnType<unknown, string, string>;
  status: ColumnType<ListingChangeStatus, ListingChangeStatus | undefined, ListingChangeStatus>;
  note: string | null;
  created_at: DefaultedTimestamp;
  decided_at: Timestamp | null;
  decided_by: string | null;
}

export interface ProgramsTable {
  id: Generated<string>;
  listing_id: string;
  name: string;
  level: 'beginner' | 'intermediate' | 'advanced' | 'all_levels';
  description: string;
  /** The ages the program is for; null on programs written before teachers wrote their own. */
  age_min: ColumnType<number | null, number | null | undefined, number | null>;
  age_max: ColumnType<number | null, number | null | undefined, number | null>;
  mode: ColumnType<ListingMode | null, ListingMode | null | undefined, ListingMode | null>;
  created_at: DefaultedTimestamp;
}

/** `locality` is the teacher's centre (with its address and point when the teacher wrote it); `learner_home` is within `radius_km` of the locality. */
export type BatchPlace = 'apartment' | 'locality' | 'learner_home' | 'online';

export interface BatchesTable {
  id: Generated<string>;
  program_id: string;
  name: string;
  /** ISO weekdays, 1 = Monday. */
  days_of_week: number[];
  start_time: string;
  end_time: string;
  starts_on: CalendarDate;
  capacity: number;
  seats_taken: number;
  place: BatchPlace;
  apartment_id: string | null;
  locality_id: string | null;
  ends_on: CalendarDate | null;
  /** https only, online batches only. */
  online_link: string | null;
  /** A centre's address and point, picked on the map or at its locality's centre. */
  centre_address: ColumnType<string | null, string | null | undefined, string | null>;
  centre_lat: ColumnType<number | null, number | null | undefined, number | null>;
  centre_lng: ColumnType<number | null, number | null | undefined, number | null>;
  /** How far from the locality the teacher travels to learners' homes. */
  radius_km: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: DefaultedTimestamp;
}

export interface ClassPackPlansTable {
  id: Generated<string>;
  batch_id: string;
  name: string;
  classes_count: number;
  price_paise: number;
  validity_days: number;
  created_at: DefaultedTimestamp;
}

export type ClassSessionStatus = 'scheduled' | 'cancelled' | 'completed';

export interface ClassSessionsTable {
  id: Generated<string>;
  batch_id: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  status: ClassSessionStatus;
  /** The IST day of the schedule it comes from; one session per batch and day. */
  occurs_on: CalendarDate;
  cancel_reason: string | null;
  cancelled_at: Timestamp | null;
  holiday_id: string | null;
  /** When the row was written (generated, or added as an extra class). */
  created_at: DefaultedTimestamp;
}

export interface BatchHolidaysTable {
  id: Generated<string>;
  batch_id: string;
  starts_on: CalendarDate;
  ends_on: CalendarDate;
  reason: string;
  created_at: Timestamp;
}

export interface SessionAttendanceTable {
  session_id: string;
  batch_student_id: string;
  status: 'attended' | 'missed';
  ledger_entry_id: string | null;
  marked_by_teacher_id: string;
  marked_at: Timestamp;
}

/** Every change of a mark after it was first made: who, when, and the ledger entry it wrote. */
export interface SessionAttendanceChangesTable {
  id: Generated<string>;
  session_id: string;
  batch_student_id: string;
  from_status: 'attended' | 'missed';
  to_status: 'attended' | 'missed';
  ledger_entry_id: string | null;
  changed_by_teacher_id: string;
  changed_at: Timestamp;
}

export interface SessionSurveysTable {
  id: Generated<string>;
  session_id: string;
  batch_student_id: string;
  learner_account_id: string;
  rating: number;
  comment: string | null;
  review_id: string | null;
  created_at: Timestamp;
}

export type PaymentRequestStatusColumn = 'open' | 'completed' | 'cancelled';

export interface PaymentRequestsTable {
  id: Generated<string>;
  batch_id: string;
  teacher_id: string;
  learner_name: string;
  learner_phone: string;
  student_name: string;
  description: string;
  amount_paise: number;
  status: PaymentRequestStatusColumn;
  due_on: CalendarDate;
  created_at: DefaultedTimestamp;
  completed_at: Timestamp | null;
  /** Set when a teacher asked one of their batch students to pay. */
  batch_student_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The order that paid it. */
  paid_order_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The learner's student the request is for; paying it makes them the batch's student. */
  student_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The class pack the request asks to be paid for; paying it gives the student that pack. */
  class_pack_plan_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why it was withdrawn when the family's payment of another made it one too many; null otherwise. */
  cancel_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

export type ClassUpdateKindColumn = 'new_batch' | 'schedule_change' | 'holiday' | 'event' | 'achievement';

export interface ClassUpdatesTable {
  id: Generated<string>;
  teacher_id: string;
  batch_id: string | null;
  locality_id: string | null;
  kind: ClassUpdateKindColumn;
  title: string;
  body: string;
  published_at: Timestamp;
}

export interface AuthSecretsTable {
  name: string;
  secret: string;
  created_at: DefaultedTimestamp;
}

export type UserTypeColumn = 'Learner' | 'Teacher';

export interface UsersTable {
  id: Generated<string>;
  /** E.164, always +91 and a mobile number. */
  phone: string;
  user_type: UserTypeColumn;
  teacher_id: string | null;
  is_admin: Generated<boolean>;
  created_at: DefaultedTimestamp;
  /** Set when the person erased their account: the phone is then `erased:<hex>` and nothing signs in as it. */
  erased_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface LearnerAccountsTable {
  id: Generated<string>;
  user_id: string;
  /** Empty until the learner completes the account after the first sign-in. */
  name: Generated<string>;
  email: string | null;
  completed_at: Timestamp | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface LearnerLocationsTable {
  id: Generated<string>;
  learner_account_id: string;
  position: number;
  label: string;
  address: string;
  lat: number;
  lng: number;
  pincode: string;
}

export interface StudentsTable {
  id: Generated<string>;
  learner_account_id: string;
  name: string;
  date_of_birth: CalendarDate | null;
  grade: string | null;
  school: string | null;
  created_at: DefaultedTimestamp;
}

export interface OtpRequestsTable {
  id: Generated<string>;
  phone: string;
  client_ip: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  superseded_at: Timestamp | null;
  created_at: Timestamp;
  /** Null for a sign-in code; what an action code confirms (`ActionCodePurpose`). */
  purpose: string | null;
  /** Null for a sign-in code; the person an action code was sent to. */
  user_id: string | null;
}

export interface SmsOutboxTable {
  id: Generated<string>;
  to_phone: string;
  body: string;
  created_at: DefaultedTimestamp;
}

export interface RefreshTokenFamiliesTable {
  id: Generated<string>;
  user_id: string;
  /** The role this sign-in acts in: its access tokens' `typ`, kept by every refresh. */
  role: UserTypeColumn;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** `admin_removed`: every sign-in of a person whose admin right was taken away. */
  revoked_reason: 'logout' | 'reuse' | 'admin_removed' | 'account_erased' | null;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  family_id: string;
  token_hash: string;
  created_at: Timestamp;
  used_at: Timestamp | null;
  replaced_by: string | null;
  grace_replayed_at: Timestamp | null;
}

export interface ShortlistsTable {
  learner_account_id: string;
  listing_id: string;
  created_at: DefaultedTimestamp;
}

/** Written reviews; teachers.rating_avg/rating_count also count ratings left without one. */
export interface TeacherReviewsTable {
  id: Generated<string>;
  teacher_id: string;
  listing_id: string;
  learner_account_id: string | null;
  author_name: string;
  rating: number;
  comment: string;
  created_at: Timestamp;
  /** The teacher's one public reply, written once (modules/surveys/teacher-reviews.service.ts). */
  reply: ColumnType<string | null, string | null | undefined, string | null>;
  replied_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Every word listings' search text uses, kept by a trigger; typed words are matched against it. */
export interface SearchVocabularyTable {
  word: string;
  /** search_sound(word) (generated): the word with common transliteration differences folded. */
  sound: Generated<string>;
}

/** Everyday spellings of subjects that no folding rule derives, and the listing words they mean. */
export interface SearchSynonymsTable {
  term: string;
  words: string[];
}

/** What one submission produced, in the order of its targets; replays answer from it. */
export interface EnquiryRequestOutcome {
  enquiryId: string;
  created: boolean;
}

export interface EnquiryRequestsTable {
  id: Generated<string>;
  learner_account_id: string;
  idempotency_key: string;
  /** sha256 of the canonical request body. */
  request_hash: string;
  outcome: ColumnType<EnquiryRequestOutcome[], string | undefined, string>;
  created_at: Timestamp;
}

export type EnquiryOfferKind = 'demo' | 'batch';

export interface EnquiriesTable {
  id: Generated<string>;
  request_id: string;
  learner_account_id: string;
  teacher_id: string;
  listing_id: string;
  program_id: string | null;
  /** Null when the learner enquires for themself. */
  student_id: string | null;
  state: EnquiryState;
  contact_name: string;
  /** The account's own number, E.164. */
  contact_phone: string;
  alternate_phone: string | null;
  /** ISO weekdays; read back cast to int[] because smallint[] parses differently across drivers. */
  preferred_days: number[];
  preferred_times: TimeOfDay[];
  mode: EnquiryMode;
  message: string;
  ref_page: string;
  ref_section: string;
  student_age_years: number | null;
  level: StudentLevel | null;
  goals: string | null;
  teacher_message: string | null;
  offer_kind: EnquiryOfferKind | null;
  offer_batch_id: string | null;
  offer_session_id: string | null;
  decline_reason: string | null;
  close_reason: string | null;
  batch_student_id: string | null;
  /** Deadline for the teacher's first answer; null once answered or ended. */
  respond_by: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EnquiryEventsTable {
  /** bigint identity: orders events of the same instant; never read as a value. */
  id: Generated<string>;
  enquiry_id: string;
  action: EnquiryAction | 'create' | 'enrich';
  from_state: EnquiryState | null;
  to_state: EnquiryState;
  actor: EnquiryActor;
  actor_user_id: string | null;
  message: string | null;
  created_at: Timestamp;
}

export type { BatchStudentStatus };

export interface BatchStudentsTable {
  id: Generated<string>;
  batch_id: string;
  learner_account_id: string;
  student_id: string | null;
  enquiry_id: string | null;
  status: ColumnType<BatchStudentStatus, BatchStudentStatus | undefined, BatchStudentStatus>;
  /** When a held seat goes back unpaid; kept once paid. Null for places not joined by a hold. */
  hold_expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The teacher's invitation the learner joined with, if any. */
  batch_invitation_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface BatchInvitationsTable {
  id: Generated<string>;
  batch_id: string;
  teacher_id: string;
  /** SHA-256 (hex) of the token; the token itself is only in the teacher's link. */
  token_hash: string;
  expires_at: Timestamp;
  max_uses: number | null;
  uses: ColumnType<number, number | undefined, number>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
}

export interface MessageOutboxTable {
  id: Generated<string>;
  channel: ColumnType<'sms', 'sms' | undefined, 'sms'>;
  to_phone: string;
  body: string;
  enquiry_id: string | null;
  /** What the message is about, e.g. enquiry.create; for logs and later filtering. */
  kind: string;
  created_at: Timestamp;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  sent_at: Timestamp | null;
  last_error: string | null;
  /** The relay run that holds the current claim; only it may extend the claim or record a failure. */
  claim_token: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One row per background task: the instance running it and until when no other may. */
export interface TaskLeasesTable {
  name: string;
  holder: string;
  lease_until: Timestamp;
}

/** The shared rate-limit store: hits per key in the window that ends at expires_at. */
export interface RateLimitCountersTable {
  key: string;
  hits: number;
  window_start: Timestamp;
  expires_at: Timestamp;
}

/**
 * A teacher whose public page a committed write changed (migration 0026). `tx` is the writing
 * transaction's id (bigint, read as text); the feed orders by it (modules/page-changes).
 */
export interface PublicPageChangesTable {
  id: Generated<string>;
  teacher_id: string;
  teacher_slug: string;
  tx: Generated<string>;
  changed_at: DefaultedTimestamp;
}

/** One row: the newest transaction whose changes were pruned from `public_page_changes`. */
export interface PublicPageChangeRetentionTable {
  only_row: Generated<boolean>;
  pruned_through: Generated<string>;
}

/** HMAC of a fixed label under each secret the instances must share, written by the first instance. */
export interface SecretFingerprintsTable {
  setting: string;
  fingerprint: string;
  recorded_at: Timestamp;
}

export interface CouponsTable {
  id: Generated<string>;
  code: string;
  kind: CouponKind;
  /** Percent (1–100) or paise off. */
  value: number;
  valid_from: Timestamp;
  valid_until: Timestamp;
  max_uses_total: number | null;
  max_uses_per_learner: number | null;
  min_amount_paise: ColumnType<number, number | undefined, number>;
  description: string;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: DefaultedTimestamp;
}

export interface ReferralCodesTable {
  id: Generated<string>;
  learner_account_id: string;
  code: string;
  created_at: DefaultedTimestamp;
}

export interface BatchStudentPlansTable {
  id: Generated<string>;
  /** Null only while a pack ordered through a teacher's request waits for the payment that gives its student a place. */
  batch_student_id: string | null;
  class_pack_plan_id: string;
  classes_total: number;
  /** The plan's price when bought (GST inclusive). */
  price_paise: number;
  validity_days: number;
  /** What the pack was paid with: money plus any credit carried over from the pack it replaced. */
  paid_paise: ColumnType<number, number | undefined, number>;
  /** Stored: pending_payment, active, expired (never paid) or replaced; used_up and lapsed validity are derived on read. */
  status: ClassPackStatus;
  valid_from: CalendarDate | null;
  valid_until: CalendarDate | null;
  idempotency_key: ColumnType<string | null, string | null | undefined, string | null>;
  request_hash: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  seq: Generated<string>;
  /** Days given back for classes the teacher cancelled or a holiday took (see pack_extensions). */
  extra_days: ColumnType<number, number | undefined, number>;
}

/** One lost class (a cancelled session or a holiday) given back to a place's pack, once per session and place. */
export interface PackExtensionsTable {
  id: Generated<string>;
  batch_student_id: string;
  batch_student_plan_id: string;
  session_id: string;
  days: number;
  created_at: Timestamp;
}

/** The warning a family was sent a week before a pack's classes lapse: one per pack. */
export interface PackLapseWarningsTable {
  batch_student_plan_id: string;
  valid_until: CalendarDate;
  sent_at: Timestamp;
}

export interface PaymentLinksTable {
  id: Generated<string>;
  teacher_id: string;
  learner_phone: string;
  batch_student_id: string | null;
  amount_paise: number;
  description: string;
  status: ColumnType<PaymentLinkStatus, PaymentLinkStatus | undefined, PaymentLinkStatus>;
  expires_at: Timestamp;
  paid_at: Timestamp | null;
  created_at: Timestamp;
}

export interface OrdersTable {
  /** Made by the API before the gateway is called: it is the gateway order's `receipt`. */
  id: string;
  learner_account_id: string;
  purpose: OrderPurpose;
  batch_student_id: string | null;
  /** The student the order pays for (null: the learner's own place), decided when it was made. */
  student_id: ColumnType<string | null, string | null | undefined, string | null>;
  batch_student_plan_id: string | null;
  previous_plan_id: string | null;
  payment_request_id: string | null;
  payment_link_id: string | null;
  base_paise: number;
  coupon_discount_paise: ColumnType<number, number | undefined, number>;
  referral_discount_paise: ColumnType<number, number | undefined, number>;
  /** Change of plan: the unused value of the pack being replaced, already taken off base_paise. */
  credit_paise: ColumnType<number, number | undefined, number>;
  total_paise: number;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  coupon_id: string | null;
  referral_code_id: string | null;
  description: string;
  gateway: PaymentGateway;
  gateway_order_id: string;
  status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>;
  last_outcome: CheckoutOutcome | null;
  failure_reason: string | null;
  idempotency_key: string;
  request_hash: string;
  receipt_number: string | null;
  expires_at: Timestamp;
  paid_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set when paid: the capability in the receipt link texted to the learner. */
  receipt_token: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ReceiptSequencesTable {
  financial_year: string;
  last_number: number;
}

export interface PaymentsTable {
  id: Generated<string>;
  order_id: string;
  gateway: PaymentGateway;
  gateway_payment_id: string;
  status: 'captured' | 'failed';
  amount_paise: number;
  method: string | null;
  held_reason: string | null;
  source: 'verify' | 'webhook';
  created_at: Timestamp;
}

export interface CouponRedemptionsTable {
  id: Generated<string>;
  coupon_id: string;
  order_id: string;
  learner_account_id: string;
  discount_paise: number;
  redeemed_at: Timestamp;
}

export interface LedgerEntriesTable {
  id: Generated<string>;
  learner_account_id: string;
  batch_student_id: string | null;
  kind: LedgerEntryKind;
  amount_paise: number;
  classes_delta: ColumnType<number, number | undefined, number>;
  order_id: string | null;
  payment_id: string | null;
  batch_student_plan_id: string | null;
  session_id: string | null;
  /** The entry this one answers: a return its consumption, a consumption after a return that return. */
  answers_entry_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The refund a `refund` entry (money back out) or its credit belongs to. */
  refund_id: ColumnType<string | null, string | null | undefined, string | null>;
  description: string;
  created_at: Timestamp;
  /** bigint identity: orders entries of the same instant; never read as a value. */
  seq: Generated<string>;
}

export interface WebhookEventsTable {
  id: Generated<string>;
  gateway: PaymentGateway;
  event_id: string;
  event_type: string;
  received_at: Timestamp;
  processed_at: Timestamp | null;
  payload: ColumnType<unknown, string, string>;
}

export interface PayoutAccountsTable {
  teacher_id: string;
  kind: PayoutAccountKind;
  holder_name: string | null;
  /** Bank accounts: the last four digits; the whole number is given to the provider once and never stored. */
  account_last4: string | null;
  ifsc: string | null;
  upi_id: string | null;
  verification: PayoutAccountVerification;
  failure_reason: string | null;
  name_at_bank: string | null;
  provider: PayoutProvider;
  /** The provider's fund account: what payouts are sent to. */
  provider_account_id: string | null;
  updated_at: Timestamp;
  verified_at: Timestamp | null;
  /** When its destination was added or last changed (0037). */
  changed_at: Timestamp;
  /** Payouts to it wait until then: the cooling-off after a change (0037). */
  held_until: Timestamp | null;
  /** The admin who approved or rejected it after a name mismatch, when, and why (0037). */
  reviewed_by: string | null;
  reviewed_at: Timestamp | null;
  review_reason: string | null;
}

export interface PayoutsTable {
  id: Generated<string>;
  teacher_id: string;
  /** One per teacher and period; also sent to the provider, so a repeat never pays twice. */
  idempotency_key: string;
  trigger: PayoutTrigger;
  amount_paise: number;
  status: PayoutStatus;
  provider: PayoutProvider;
  provider_account_id: string;
  account_kind: PayoutAccountKind;
  account_label: string;
  provider_payout_id: string | null;
  failure_reason: string | null;
  created_at: Timestamp;
  paid_at: Timestamp | null;
  updated_at: Timestamp;
}

export interface PayoutLedgerEntriesTable {
  id: Generated<string>;
  teacher_id: string;
  payout_id: string;
  kind: PayoutLedgerEntryKind;
  amount_paise: number;
  created_at: Timestamp;
}

/** Append-only (0037): every payout and every payout account change, with who and the destination masked. */
export interface PayoutAuditEventsTable {
  id: Generated<string>;
  /** The order rows were written in, even within one instant. */
  seq: Generated<number>;
  teacher_id: string;
  event: PayoutAuditEvent;
  actor: PayoutAuditActor;
  actor_user_id: string | null;
  destination: string;
  payout_id: string | null;
  amount_paise: number | null;
  detail: string | null;
  created_at: Timestamp;
}

export interface PayoutSandboxTransfersTable {
  id: string;
  idempotency_key: string;
  fund_account_id: string;
  amount_paise: number;
  created_at: Timestamp;
}

/** Money going back to a family: through the gateway (`original`) or as credit on their place. */
export interface RefundsTable {
  id: Generated<string>;
  learner_account_id: string;
  batch_student_id: string | null;
  batch_student_plan_id: string | null;
  order_id: string | null;
  payment_id: string | null;
  amount_paise: number;
  classes: number;
  method: RefundMethod;
  reason_kind: RefundReasonKind;
  reason: string;
  actor_kind: 'learner' | 'teacher' | 'admin';
  actor_user_id: string;
  gateway: 'sandbox' | 'razorpay' | null;
  gateway_refund_id: string | null;
  /** Unique: the gateway is sent the refund's id, and a retry of the same call finds this row. */
  idempotency_key: string;
  request_hash: string;
  status: RefundStatus;
  failure_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  settled_at: Timestamp | null;
}

export interface CreditNoteSequencesTable {
  financial_year: string;
  last_number: number;
}

/** A GST credit note for a refund of a taxed payment, citing its tax invoice. */
export interface CreditNotesTable {
  id: Generated<string>;
  refund_id: string;
  number: string;
  order_id: string;
  invoice_number: string;
  total_paise: number;
  taxable_paise: number;
  cgst_paise: number;
  sgst_paise: number;
  /** The capability in the credit note link texted to the payer. */
  token: string;
  issued_at: Timestamp;
}

export interface ClassNotHeldReportsTable {
  id: Generated<string>;
  learner_account_id: string;
  batch_student_id: string;
  session_id: string;
  note: ColumnType<string, string | undefined, string>;
  status: 'open' | 'refunded' | 'dismissed';
  refund_id: string | null;
  resolved_by: string | null;
  resolution: string | null;
  created_at: Timestamp;
  resolved_at: Timestamp | null;
}

/** One money action of a Kalike admin, written in the action's own transaction. */
export interface AdminMoneyActionsTable {
  id: Generated<string>;
  admin_user_id: string;
  kind: 'class_refund' | 'pack_refund' | 'amount_refund' | 'report_refunded' | 'report_dismissed';
  learner_account_id: string;
  batch_student_plan_id: string | null;
  report_id: string | null;
  refund_id: string | null;
  amount_paise: number;
  reason: string;
  /** The admin's Idempotency-Key for a refund of a pack, so a retry finds the same action. */
  idempotency_key: string | null;
  created_at: Timestamp;
}

/** The offline gateway's own record of the refunds it was asked for, one per idempotency key. */
export interface SandboxRefundsTable {
  id: string;
  idempotency_key: string;
  gateway_payment_id: string;
  amount_paise: number;
  status: 'pending' | 'processed' | 'failed';
  created_at: Timestamp;
}

/** A conversation on an enquiry or an enrolment (batch student); exactly one of the two is set. */
export interface ConversationThreadsTable {
  id: Generated<string>;
  enquiry_id: string | null;
  batch_student_id: string | null;
  created_at: Timestamp;
}

export interface ConversationMessagesTable {
  id: Generated<string>;
  thread_id: string;
  author_user_id: string;
  author_party: 'learner' | 'teacher';
  /** As written; hidden parts are masked when read. */
  body: string;
  created_at: Timestamp;
}

/** How far each side of a thread has read, for "Seen" and the unread count. */
export interface ConversationReadsTable {
  thread_id: string;
  party: 'learner' | 'teacher';
  read_up_to: Timestamp;
}

export interface ConversationReportsTable {
  id: Generated<string>;
  thread_id: string;
  reporter_user_id: string;
  reporter_party: 'learner' | 'teacher';
  reason: string;
  created_at: Timestamp;
  handled_at: Timestamp | null;
  handled_by_user_id: string | null;
}

export interface Database {
  localities: LocalitiesTable;
  apartments: ApartmentsTable;
  categories: CategoriesTable;
  teachers: TeachersTable;
  teacher_badges: TeacherBadgesTable;
  teacher_listings: TeacherListingsTable;
  listing_changes: ListingChangesTable;
  programs: ProgramsTable;
  batches: BatchesTable;
  class_pack_plans: ClassPackPlansTable;
  class_sessions: ClassSessionsTable;
  batch_holidays: BatchHolidaysTable;
  session_attendance: SessionAttendanceTable;
  session_attendance_changes: SessionAttendanceChangesTable;
  session_surveys: SessionSurveysTable;
  payment_requests: PaymentRequestsTable;
  class_updates: ClassUpdatesTable;
  auth_secrets: AuthSecretsTable;
  users: UsersTable;
  learner_accounts: LearnerAccountsTable;
  learner_locations: LearnerLocationsTable;
  students: StudentsTable;
  otp_requests: OtpRequestsTable;
  sms_outbox: SmsOutboxTable;
  refresh_token_families: RefreshTokenFamiliesTable;
  refresh_tokens: RefreshTokensTable;
  shortlists: ShortlistsTable;
  teacher_reviews: TeacherReviewsTable;
  search_vocabulary: SearchVocabularyTable;
  search_synonyms: SearchSynonymsTable;
  enquiry_requests: EnquiryRequestsTable;
  enquiries: EnquiriesTable;
  enquiry_events: EnquiryEventsTable;
  batch_students: BatchStudentsTable;
  batch_invitations: BatchInvitationsTable;
  message_outbox: MessageOutboxTable;
  coupons: CouponsTable;
  referral_codes: ReferralCodesTable;
  batch_student_plans: BatchStudentPlansTable;
  pack_extensions: PackExtensionsTable;
  pack_lapse_warnings: PackLapseWarningsTable;
  payment_links: PaymentLinksTable;
  orders: OrdersTable;
  receipt_sequences: ReceiptSequencesTable;
  payments: PaymentsTable;
  coupon_redemptions: CouponRedemptionsTable;
  ledger_entries: LedgerEntriesTable;
  webhook_events: WebhookEventsTable;
  payout_accounts: PayoutAccountsTable;
  payouts: PayoutsTable;
  payout_ledger_entries: PayoutLedgerEntriesTable;
  payout_sandbox_transfers: PayoutSandboxTransfersTable;
  refunds: RefundsTable;
  credit_note_sequences: CreditNoteSequencesTable;
  credit_notes: CreditNotesTable;
  class_not_held_reports: ClassNotHeldReportsTable;
  admin_money_actions: AdminMoneyActionsTable;
  sandbox_refunds: SandboxRefundsTable;
  task_leases: TaskLeasesTable;
  rate_limit_counters: RateLimitCountersTable;
  secret_fingerprints: SecretFingerprintsTable;
  public_page_changes: PublicPageChangesTable;
  public_page_change_retention: PublicPageChangeRetentionTable;
  conversation_threads: ConversationThreadsTable;
  conversation_messages: ConversationMessagesTable;
  conversation_reads: ConversationReadsTable;
  conversation_reports: ConversationReportsTable;
  // Notifications (0033)
  notifications: NotificationsTable;
  notification_deliveries: NotificationDeliveriesTable;
  notification_preferences: NotificationPreferencesTable;
  notification_consents: NotificationConsentsTable;
  push_subscriptions: PushSubscriptionsTable;
  whatsapp_outbox: WhatsappOutboxTable;
  // Calendar feeds and booked demos (0035).
  calendar_feeds: CalendarFeedsTable;
  demo_bookings: DemoBookingsTable;
  // Payout account safety (0037).
  payout_audit_events: PayoutAuditEventsTable;
  // A person's data rights: downloads and erasures (0040).
  data_exports: DataExportsTable;
  account_erasures: AccountErasuresTable;
}

// ----- Notifications (migration 0033)

export type NotificationDeliveryChannelColumn = 'sms' | 'whatsapp' | 'push';
export type NotificationDeliveryStatus = 'pending' | 'sent' | 'failed' | 'skipped' | 'cancelled';
export type NotificationConsentHow = 'settings_page' | 'sign_up' | 'push_prompt';

/** One notification of one person: the in-app row, rendered from the catalogue at read time. */
export interface NotificationsTable {
  id: Generated<string>;
  user_id: string;
  audience: 'learner' | 'teacher';
  /** A kind id of shared/src/domain/notification-kinds.ts. */
  kind: string;
  params: ColumnType<unknown, string, string>;
  /** Stable per event and person (`class.tomorrow:<sessionId>:<studentId>`): the same event is recorded once. */
  event_key: string;
  link: string;
  created_at: Timestamp;
  read_at: Timestamp | null;
  /** Past this, its deliveries are not sent (a class-in-an-hour reminder after the class began). */
  valid_until: Timestamp | null;
  /** No longer true when it would have been sent (a class cancelled after its reminder was written): hidden. */
  withdrawn_at: Timestamp | null;
}

/** One outside channel of one notification, sent at most once. */
export interface NotificationDeliveriesTable {
  id: Generated<string>;
  notification_id: string;
  channel: NotificationDeliveryChannelColumn;
  status: ColumnType<NotificationDeliveryStatus, NotificationDeliveryStatus | undefined, NotificationDeliveryStatus>;
  /** Quiet hours: not sent before this (08:00 IST after a notice written at night). */
  not_before: Timestamp;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  /** The relay run that holds the current claim; only it may extend the claim or record a failure. */
  claim_token: ColumnType<string | null, string | null | undefined, string | null>;
  sent_at: Timestamp | null;
  last_error: string | null;
  created_at: Timestamp;
}

/** A person's choice for one kind on one channel, overriding the catalogue's default. */
export interface NotificationPreferencesTable {
  user_id: string;
  kind: string;
  channel: NotificationDeliveryChannelColumn;
  enabled: boolean;
  updated_at: Timestamp;
}

/** Append-only: each time a person gave or withdrew consent to a channel, how, and the words shown. */
export interface NotificationConsentsTable {
  id: Generated<string>;
  user_id: string;
  channel: NotificationDeliveryChannelColumn;
  given: boolean;
  how: NotificationConsentHow;
  shown_text: string;
  created_at: Timestamp;
}

/** A browser a person allowed to receive pushes; `gone_at` once the push service says it is gone. */
export interface PushSubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Timestamp;
  last_success_at: Timestamp | null;
  gone_at: Timestamp | null;
}

/** The local stand-in's WhatsApp messages (API tests read them here; no route does). */
export interface WhatsappOutboxTable {
  id: Generated<string>;
  to_phone: string;
  template: string;
  params: ColumnType<unknown, string, string>;
  body: string;
  created_at: DefaultedTimestamp;
}

export type CalendarFeedAudience = 'learner' | 'teacher';

/** A person's private calendar feed: its token is HMAC(nonce) with the server's key, found by the token's SHA-256 (hex). */
export interface CalendarFeedsTable {
  id: Generated<string>;
  token_nonce: string;
  token_hash: string;
  owner_user_id: string;
  audience: CalendarFeedAudience;
  created_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A demo class a family booked from an enquiry: one session, one student (null: the learner themself). */
export interface DemoBookingsTable {
  id: Generated<string>;
  session_id: string;
  enquiry_id: string;
  learner_account_id: string;
  student_id: string | null;
  booked_at: Timestamp;
  cancelled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

// ----- A person's data rights (migration 0040)

/** One download of a person's data: who, when, in which role, how many rows, and whether a section hit its cap. */
export interface DataExportsTable {
  id: Generated<string>;
  user_id: string;
  role: UserTypeColumn;
  rows_total: number;
  capped: boolean;
  created_at: Timestamp;
}

/** Append-only: one erasure per person, with the phone only as a keyed hash and what the erasure did. */
export interface AccountErasuresTable {
  id: Generated<string>;
  user_id: string;
  phone_hash: string;
  roles: string[];
  outcome: ColumnType<unknown, string, never>;
  requested_at: Timestamp;
}
