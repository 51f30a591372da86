import { rootKeys } from '@kalike/shared/query/query-keys';

/**
 * My Classes reads the learner's balances, which are the learner's payments data: its keys sit
 * in the payments root's learner segment, so a payment anywhere (which invalidates the root or
 * that segment) refreshes them, and the shell's tab bar waits for their first load (spec §2).
 */
export const classKeys = {
  all: [...rootKeys.payments, 'learner', 'balances'] as const,
  balances: () => [...classKeys.all, 'list'] as const,
  /** The family's recent classes and their reports that a class did not happen. */
  classReports: () => [...rootKeys.payments, 'learner', 'class-reports'] as const,
};
