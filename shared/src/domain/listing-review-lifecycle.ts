import { defineLifecycle } from '@kalike/shared/domain/lifecycle';

/**
 * A teacher's listing on its way to learners: one table of states, moves and who makes each,
 * read by the API (to allow or refuse a move), the teacher's listing pages and the admin's
 * review page. Schema-free, so the browser can load it.
 *
 * - `draft`: being written by the teacher; saved and finished later; learners never see it.
 * - `in_review`: the teacher sent it for review; waiting for an admin.
 * - `sent_back`: an admin asked for changes, with a reason; the teacher edits and sends it again.
 * - `live`: approved; learners find it in search, on maps and on the teacher page.
 *
 * A live listing stays live while a change to a price or a place waits for review: the change
 * is held as a pending `listing_changes` row and learners see the approved values until an
 * admin approves it (docs/teacher-workspace.md, "Review before going live").
 */
export const listingReviewStates = ['draft', 'in_review', 'sent_back', 'live'] as const;
export type ListingReviewState = (typeof listingReviewStates)[number];

export const listingReviewLifecycle = defineLifecycle({
  statuses: listingReviewStates,
  /** Every allowed move; `from: []` is how a listing starts. */
  transitions: {
    /** The teacher starts a listing. */
    create: { from: [], to: 'draft', by: 'teacher' },
    /** The teacher sends a finished draft, or one sent back and changed, for review. */
    submit: { from: ['draft', 'sent_back'], to: 'in_review', by: 'teacher' },
    /** The teacher takes it back to keep editing before anyone has looked. */
    withdraw: { from: ['in_review'], to: 'draft', by: 'teacher' },
    /** An admin approves it: learners see it. */
    approve: { from: ['in_review'], to: 'live', by: 'admin' },
    /** An admin asks for changes, always with a reason the teacher reads. */
    send_back: { from: ['in_review'], to: 'sent_back', by: 'admin' },
  },
  /** What the teacher and the admin read for each state. */
  labels: {
    draft: 'Draft',
    in_review: 'Waiting for review',
    sent_back: 'Sent back for changes',
    live: 'Live',
  },
});

/** Whether the teacher may edit the listing's content in this state (a live one through reviewed changes). */
export const teacherMayEdit = (state: ListingReviewState): boolean => state !== 'in_review';

/** A change to a live listing that waits for review before learners see it. */
export const listingChangeStatuses = ['pending', 'approved', 'sent_back', 'withdrawn'] as const;
export type ListingChangeStatus = (typeof listingChangeStatuses)[number];

/** What a reviewed change to a live listing can be. */
export const listingChangeKinds = ['plan_price', 'batch_place', 'listing_place'] as const;
export type ListingChangeKind = (typeof listingChangeKinds)[number];

/** The reason an admin gives when sending back: long enough to act on. */
export const sendBackReasonLength = { min: 10, max: 500 } as const;

/**
 * How long review takes, as the teacher is told after sending a listing (docs/product-decisions.md,
 * "How long review takes"): the admin's queue is worked each working day, oldest first.
 */
export const listingReviewTime = 'Kalike usually reviews a listing within 2 working days.';
