import { useUserStore, type UserState } from '@kalike/shared/user/user-store';

/** Signed in as a teacher: the API gave the phone a teacher profile (spec §3 `userType`). */
export const selectIsTeacher = (state: UserState): boolean => state.user?.userType === 'Teacher';

/**
 * Whether the person is signed in as a teacher. Learner-only actions (shortlist, enquire, pay)
 * are hidden or explained for a teacher instead of failing at the API.
 */
export function useIsTeacher(): boolean {
  return useUserStore(selectIsTeacher);
}

export interface SignedInTeacher {
  teacherId: string;
  name: string;
}

const selectUser = (state: UserState) => state.user;

/** The signed-in teacher's id and name; null when signed out or signed in as a learner. */
export function useSignedInTeacher(): SignedInTeacher | null {
  const user = useUserStore(selectUser);
  if (!user || user.userType !== 'Teacher' || !user.teacher) return null;
  return { teacherId: user.teacher.id, name: user.teacher.name };
}
