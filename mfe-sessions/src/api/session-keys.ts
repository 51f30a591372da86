import { rootKeys } from '@kalike/shared/query/query-keys';

export type SessionsRole = 'learner' | 'teacher';

/** The learner's (or family's) upcoming sessions, by how many days ahead. */
const learnerSessionKeys = {
  all: [...rootKeys.sessions, 'learner'] as const,
  upcoming: (days: number) => [...learnerSessionKeys.all, 'upcoming', { days }] as const,
};

/**
 * The teacher's own session queries: their upcoming classes, and their schedule (the week,
 * and one class's register). Marking, cancelling and holidays change the week and the
 * register both, so they invalidate `schedule()`.
 */
const teachSessionKeys = {
  all: [...rootKeys.sessions, 'teach'] as const,
  upcoming: (days: number) => [...teachSessionKeys.all, 'upcoming', { days }] as const,
  schedule: () => [...teachSessionKeys.all, 'schedule'] as const,
  weeks: () => [...teachSessionKeys.schedule(), 'week'] as const,
  /** `week` is the Monday asked for, or null for this week. */
  week: (week: string | null) => [...teachSessionKeys.weeks(), { week }] as const,
  registers: () => [...teachSessionKeys.schedule(), 'register'] as const,
  register: (sessionId: string) => [...teachSessionKeys.registers(), sessionId] as const,
  /** Mutations, so a page can tell which one is running. */
  moves: (sessionId: string) => [...teachSessionKeys.all, 'move', sessionId] as const,
};

/**
 * Every sessions query of this remote, generic to specific, under `rootKeys.sessions`: the
 * shell's tab bar waits for that root's first load (spec §2). The person is not part of
 * the key: signing out clears the whole cache.
 */
export const sessionKeys = {
  all: rootKeys.sessions,
  learner: learnerSessionKeys,
  teach: teachSessionKeys,
  /** The person's private calendar link, per audience (a person may be a learner and a teacher). */
  calendarFeed: (audience: SessionsRole) => [...rootKeys.sessions, 'calendar-feed', audience] as const,
  /** Upcoming sessions are read by both audiences through one query; each keeps its own. */
  upcoming: (role: SessionsRole, days: number) => (role === 'teacher' ? teachSessionKeys.upcoming(days) : learnerSessionKeys.upcoming(days)),
};
