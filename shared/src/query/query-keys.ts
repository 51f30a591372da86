import type { ApiError } from '@kalike/shared/api/api-error';

/**
 * Root keys are the only keys shared across remotes: a remote may invalidate another
 * domain by its root, while detailed key factories stay private to the owning remote.
 */
export const rootKeys = {
  me: ['me'],
  categories: ['categories'],
  listings: ['listings'],
  enquiries: ['enquiries'],
  payments: ['payments'],
  sessions: ['sessions'],
  updates: ['updates'],
  geo: ['geo'],
  notifications: ['notifications'],
} as const;

/**
 * The notification centre's keys: shared, because the shell's bell and pages and every remote
 * that marks something read or changes a preference reach the same server state.
 */
export const notificationKeys = {
  all: rootKeys.notifications,
  /** Every list and count of one audience, e.g. to refresh after "mark all read". */
  audience: (audience: 'learner' | 'teacher') => [...rootKeys.notifications, audience] as const,
  list: (audience: 'learner' | 'teacher') => [...rootKeys.notifications, audience, 'list'] as const,
  unreadCount: (audience: 'learner' | 'teacher') => [...rootKeys.notifications, audience, 'unread-count'] as const,
  preferences: (audience: 'learner' | 'teacher') => [...rootKeys.notifications, audience, 'preferences'] as const,
  pushPublicKey: () => [...rootKeys.notifications, 'push-public-key'] as const,
};

type RootKey = (typeof rootKeys)[keyof typeof rootKeys][0];

export interface QueryMeta extends Record<string, unknown> {
  /**
   * Asks the shell for its error toast with the server's message. Only for a query or mutation
   * whose screen shows no failure of its own: most show it inline, beside what failed.
   */
  toastOnError?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryKey: readonly [RootKey, ...ReadonlyArray<unknown>];
    mutationKey: readonly [RootKey, ...ReadonlyArray<unknown>];
    defaultError: ApiError;
    queryMeta: QueryMeta;
    mutationMeta: QueryMeta;
  }
}
