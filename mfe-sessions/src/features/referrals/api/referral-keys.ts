import { rootKeys } from '@kalike/shared/query/query-keys';

/** The referral card comes from the payments side's referral rules, so it sits under `rootKeys.payments`. */
export const referralKeys = {
  all: [...rootKeys.payments, 'referral-card'] as const,
  card: (batchId: string, batchStudentId: string) => [...referralKeys.all, batchId, batchStudentId] as const,
};
