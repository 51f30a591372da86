import { useUserStore } from '@kalike/shared/user/user-store';

export interface SignedInTeacher {
  teacherId: string;
  name: string;
}

const select = (state: { user: { userType: string; teacher: { id: string; name: string } | null } | null }) => state.user;

/** The signed-in teacher's id and name; null when signed out or signed in as a learner. */
export function useSignedInTeacher(): SignedInTeacher | null {
  const user = useUserStore(select);
  if (!user || user.userType !== 'Teacher' || !user.teacher) return null;
  return { teacherId: user.teacher.id, name: user.teacher.name };
}
