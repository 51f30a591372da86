import { defineLifecycle, type ActionOf } from '@kalike/shared/domain/lifecycle';

/**
 * A batch student's place in a batch: one table of statuses and moves, read by the API (to
 * hold, activate and release seats) and by the screens (to say where a place stands).
 * Schema-free, so the browser can load it. docs/batch-seats.md explains the rules.
 *
 * - `held`: joined by a teacher's invitation or payment request; a seat is kept for
 *   `seatHoldMinutes` while the learner pays, then released.
 * - `enrolled`: the learner accepted the teacher's offer of this batch in an enquiry.
 * - `active`: paid.
 * - `released`: a hold that lapsed unpaid; the seat went back to the batch.
 * - `left`: no longer in the batch.
 */
export const batchStudentStatuses = ['held', 'enrolled', 'active', 'released', 'left'] as const;
export type BatchStudentStatus = (typeof batchStudentStatuses)[number];

/** What a seat hold's lapse is read from: the place's stored status and the hold's deadline. */
interface TimedBatchStudent {
  status: BatchStudentStatus;
  holdExpiresAt: Date | string | null;
}

export const batchStudentLifecycle = defineLifecycle({
  statuses: batchStudentStatuses,
  /** Every allowed move; `from: []` is how a place starts. */
  transitions: {
    /** Joining with a teacher's invitation or payment request. */
    hold: { from: [], to: 'held', by: 'learner' },
    /** Accepting the teacher's batch offer in an enquiry: the teacher admitted this student. */
    enrol: { from: [], to: 'enrolled', by: 'learner' },
    /** Paying a teacher's payment request that names no place yet: the place starts paid. */
    admitPaid: { from: [], to: 'active', by: 'learner' },
    /** A class pack paid (checkout, credit or a teacher's request). A released place pays its way back in only while a seat is free. */
    pay: { from: ['held', 'enrolled', 'released'], to: 'active', by: 'learner' },
    /** The hold's deadline passed unpaid. */
    release: { from: ['held'], to: 'released', by: 'system' },
    /** The teacher removed the student or ended the batch; the unused classes are refunded. */
    remove: { from: ['held', 'enrolled', 'active', 'released'], to: 'left', by: 'teacher' },
  },
  labels: {
    held: 'Seat held until paid',
    enrolled: 'Enrolled',
    active: 'Paid',
    released: 'Seat given back',
    left: 'Left the batch',
  },
  /** A hold past its deadline has lapsed, whether or not the sweep has given the seat back yet. */
  derive: (place: TimedBatchStudent, at: Date): BatchStudentStatus =>
    place.status === 'held' && place.holdExpiresAt !== null && new Date(place.holdExpiresAt).getTime() <= at.getTime() ? 'released' : place.status,
});

export const batchStudentTransitions = batchStudentLifecycle.transitions;
export type BatchStudentMove = ActionOf<typeof batchStudentTransitions>;

/** Statuses that keep a seat in the batch's count (a hold only until its deadline). */
export const seatKeepingStatuses: readonly BatchStudentStatus[] = ['held', 'enrolled', 'active'];

/** Statuses of a place that is still the learner's (not lapsed, not left). */
export const currentPlaceStatuses: readonly BatchStudentStatus[] = ['held', 'enrolled', 'active'];

/**
 * How long a joined seat waits for payment. Long enough to choose a pack and pay; short enough
 * that a seat taken and abandoned is back for others within the hour. A checkout started while
 * the seat is held keeps it until that order's own window closes (see the API's seat rules).
 */
export const seatHoldMinutes = 30;

/**
 * Joins per learner account: at most `concurrentHolds` unpaid seats at once, and at most
 * `perDay` joins in any 24 hours, so one account cannot sit on a teacher's batches.
 */
export const seatHoldLimits = { concurrentHolds: 2, perDay: 5 } as const;

/** A teacher's invitation link lasts this long unless the teacher chooses otherwise (1–30 days). */
export const batchInvitationDays = { min: 1, max: 30, default: 7 } as const;

/**
 * The header the learner's page sends the invitation's token in when checking a batch: never the
 * API's address, where request logs and proxies would keep it.
 */
export const batchInvitationHeader = 'x-batch-invitation';

/** Why the upcoming sessions leave out a batch's online room. */
export const classLinkWithheldReasons = ['seat_held_unpaid', 'no_usable_pack'] as const;
export type ClassLinkWithheldReason = (typeof classLinkWithheldReasons)[number];
