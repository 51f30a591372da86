import { useUserStore, type UserState } from '@kalike/shared/user/user-store';

/** Who is looking decides what the three tabs show: a sign-in, the family's view or the teacher's. */
export type Viewer = 'signed-out' | 'learner' | 'teacher';

const selectViewer = (state: UserState): Viewer => {
  if (!state.user) return 'signed-out';
  return state.user.userType === 'Teacher' ? 'teacher' : 'learner';
};

export function useViewer(): Viewer {
  return useUserStore(selectViewer);
}
