/**
 * The seeded payments' stable ids and counts, which tests and the demo's links rely on. The rows
 * are written by `payments/seed-payments.ts`, which reads these too.
 */

/** Payment links with stable ids, one in every state, all for Asha. */
export const wellKnownPaymentLinkIds = {
  issued: '00000000-0000-4000-8000-000000000501',
  paid: '00000000-0000-4000-8000-000000000502',
  expired: '00000000-0000-4000-8000-000000000503',
  cancelled: '00000000-0000-4000-8000-000000000504',
} as const;

/** Rahul's place in a batch, with a pack used up and two classes owed: a settlement to pay. */
export const wellKnownOwingBatchStudentId = '00000000-0000-4000-8000-000000000601';

/**
 * An invitation of the teacher of the day to their first batch, so the demo's join page works
 * from a teacher's link: `/batch-payment-request/<batch>?invitation=<token>`. The token is
 * public in this file, so it exists only in seeded demo data; real invitations come from
 * POST /v1/class/batches/{id}/invitations.
 */
export const wellKnownBatchInvitation = {
  id: '00000000-0000-4000-8000-000000000701',
  token: 'DemoInvitation-TeacherOfTheDay-FirstBatch01',
} as const;

/** Referral codes of the seeded learners. */
export const wellKnownReferralCodes = { asha: 'ASHA2024', rahul: 'RAHUL2024', kavya: 'KAVYA2024' } as const;

export const seededCouponCodes = ['WELCOME10', 'FLAT500', 'EXPIRED20', 'ONCE15', 'SOLDOUT'] as const;

/** Classes Asha's enrolled batch student has attended from the pack bought for it. */
export const seededClassesConsumed = 3;
/** Classes Rahul's batch student attended beyond its pack. */
export const seededClassesOwed = 2;
