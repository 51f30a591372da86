/**
 * Limits of what admins type (docs/teacher-workspace.md, "Review before going live"), read by
 * the contracts, the API and the admin page alike. Schema-free, so the browser can load it.
 */

/** A badge's reason is shown to learners beside the badge: a short sentence. */
export const badgeReasonLength = { min: 5, max: 200 } as const;

/** Finding a teacher by part of their name or phone. */
export const teacherSearchLength = { min: 2, max: 60 } as const;

/** How many teachers a search answers. */
export const teacherSearchLimit = 20;

/** How many listings the review queue answers at once, oldest first. */
export const reviewQueueLimit = 100;
