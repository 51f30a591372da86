import { rootKeys } from '@kalike/shared/query/query-keys';

/**
 * The teacher's own session queries, under `rootKeys.sessions`: the week, and one class's
 * register. Marking, cancelling and holidays change both, so they invalidate `all`.
 */
export const teacherSessionKeys = {
  all: [...rootKeys.sessions, 'teacher'] as const,
  weeks: () => [...teacherSessionKeys.all, 'week'] as const,
  /** `week` is the Monday asked for, or null for this week. */
  week: (week: string | null) => [...teacherSessionKeys.weeks(), { week }] as const,
  registers: () => [...teacherSessionKeys.all, 'register'] as const,
  register: (sessionId: string) => [...teacherSessionKeys.registers(), sessionId] as const,
  /** Mutations, so a page can tell which one is running. */
  moves: (sessionId: string) => [...teacherSessionKeys.all, 'move', sessionId] as const,
};
