import { rootKeys } from '@kalike/shared/query/query-keys';

export type SessionsRole = 'learner' | 'teacher';

/**
 * Every sessions query of this remote, generic to specific, under `rootKeys.sessions`: the
 * shell's tab bar waits for that root's first load (spec §2). The person is not part of
 * the key: signing out clears the whole cache.
 */
export const sessionKeys = {
  all: rootKeys.sessions,
  upcomingLists: () => [...sessionKeys.all, 'upcoming'] as const,
  upcoming: (role: SessionsRole, days: number) => [...sessionKeys.upcomingLists(), role, { days }] as const,
};
