import type { CurrentUser, UserType } from '@kalike/shared/user/user-store';
import * as paths from '@kalike/shared/routing/paths';

/**
 * The role a signed-in person can switch to in one tap: learning for anyone teaching (a
 * learner account is made if they have none), teaching for a learner whose phone teaches.
 * Null for a learner who does not teach: they are offered "Teach on Kalike" instead.
 */
export function offeredRole(user: CurrentUser | null): UserType | null {
  if (!user) return null;
  if (user.userType === 'Teacher') return 'Learner';
  return user.teacher ? 'Teacher' : null;
}

export const switchLabels: Record<UserType, string> = {
  Teacher: 'Switch to teaching',
  Learner: 'Switch to learning',
};

/** Where a switch lands: the role's home. */
export function landingOf(role: UserType): string {
  return role === 'Teacher' ? paths.teach() : paths.discover();
}
