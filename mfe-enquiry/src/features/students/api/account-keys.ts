import { rootKeys } from '@kalike/shared/query/query-keys';

/**
 * The learner account, under the `me` root. The shell's account page reads the same
 * document; invalidating `rootKeys.me` after a change keeps both in step.
 */
export const accountKeys = {
  all: rootKeys.me,
  account: (accountId: string) => [...accountKeys.all, 'account', accountId] as const,
};
