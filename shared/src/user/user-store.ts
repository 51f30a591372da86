import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

export type UserType = 'Learner' | 'Teacher';

export interface AuthTokens {
  accessToken: string;
  refreshToken: string;
}

/** Spec §3's current user. Account details beyond identity live in the query cache. */
export interface CurrentUser {
  userType: UserType;
  learnerAccount: { id: string; name: string } | null;
  teacher: { id: string; name: string } | null;
  tokens: AuthTokens | null;
  learnerTokens: AuthTokens | null;
  teacherTokens: AuthTokens | null;
}

export interface UserState {
  user: CurrentUser | null;
  setUser: (user: CurrentUser) => void;
  clearUser: () => void;
}

export const userStore = createStore<UserState>()((set) => ({
  user: null,
  setUser: (user) => set({ user }),
  clearUser: () => set({ user: null }),
}));

export function useUserStore<T>(selector: (state: UserState) => T): T {
  return useStore(userStore, selector);
}
