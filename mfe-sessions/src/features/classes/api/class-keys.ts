import { rootKeys } from '@kalike/shared/query/query-keys';

/**
 * My Classes reads the learner's balances, which are payments data: its keys sit under
 * `rootKeys.payments`, so a payment anywhere (which invalidates that root) refreshes them,
 * and the shell's tab bar waits for their first load (spec §2).
 */
export const classKeys = {
  all: [...rootKeys.payments, 'learner-balances'] as const,
  balances: () => [...classKeys.all, 'list'] as const,
};
