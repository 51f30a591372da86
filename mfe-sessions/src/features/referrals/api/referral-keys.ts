import { rootKeys } from '@kalike/shared/query/query-keys';

/**
 * The referral card comes from the payments side's referral rules for the learner, so it sits in
 * the payments root's learner segment: a payment that invalidates either refreshes the card.
 */
export const referralKeys = {
  all: [...rootKeys.payments, 'learner', 'referral-card'] as const,
  card: (batchId: string, batchStudentId: string) => [...referralKeys.all, batchId, batchStudentId] as const,
};
