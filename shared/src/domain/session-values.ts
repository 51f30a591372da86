/**
 * The sessions values browser code may read without loading schemas: statuses, limits and
 * windows. contracts/sessions.ts and contracts/surveys.ts build the API's schemas from them.
 * Every session instant is an ISO string; every calendar day and wall-clock time is in IST.
 */

/** A session is generated `scheduled`; a teacher or a holiday cancels it; attendance completes it. */
export const sessionStatuses = ['scheduled', 'cancelled', 'completed'] as const;
export type SessionStatus = (typeof sessionStatuses)[number];

/** Attended consumes one class through the ledger; missed consumes nothing. Marked once. */
export const attendanceStatuses = ['attended', 'missed'] as const;
export type AttendanceStatus = (typeof attendanceStatuses)[number];

/** How far ahead the Sessions tab and the teacher's list look, in IST days from today. */
export const upcomingDays = { min: 1, max: 28, default: 14 } as const;

/** Sessions exist this many days ahead of today (generated from each batch's schedule). */
export const sessionGenerationHorizonDays = 35;

/** A survey can be answered for an attended session up to this many days after it. */
export const surveyWindowDays = 30;

export const surveyLimits = { ratingMin: 1, ratingMax: 5, commentMax: 1000 } as const;

/** How far back a teacher's week may be read, in weeks before this one (ahead: up to the generation horizon). */
export const teacherWeeksBack = 52;

/**
 * What the register says about a student before marking, most pressing first: owes money,
 * pack lapsed, pack used up, no paid pack, or the last class of the pack.
 */
export const studentStandingFlags = ['owes', 'expired', 'used_up', 'no_pack', 'last_class'] as const;
export type StudentStandingFlag = (typeof studentStandingFlags)[number];

export const sessionLimits = {
  cancelReasonMax: 200,
  holidayReasonMax: 200,
  holidayMaxDays: 60,
  attendanceRecordsMax: 100,
  /** The longest extra class a teacher may add, in minutes. */
  extraClassMaxMinutes: 240,
} as const;

/** What My Updates lists, newest first. */
export const learnerUpdateKinds = ['survey_pending', 'payment_request', 'enquiry_response', 'session_cancelled', 'pack_lapsing', 'class_update'] as const;
export type LearnerUpdateKind = (typeof learnerUpdateKinds)[number];

/** Enquiry moves and class updates older than this are no longer news. */
export const learnerUpdatesWindowDays = 30;

/** What a teacher may write in a post to a batch (class updates). */
export const classUpdatePostLimits = { titleMax: 80, bodyMax: 1000 } as const;
