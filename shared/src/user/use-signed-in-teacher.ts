import { useUserStore } from '@kalike/shared/user/user-store';

export interface SignedInTeacher {
  id: string;
  name: string;
}

const select = (state: { user: { userType: string; teacher: { id: string; name: string } | null } | null }) =>
  state.user?.userType === 'Teacher' ? state.user.teacher : null;

/** The signed-in teacher; null when signed out or signed in as a learner. */
export function useSignedInTeacher(): SignedInTeacher | null {
  return useUserStore(select);
}
