import { createStore } from 'zustand/vanilla';
import { createJSONStorage, persist } from 'zustand/middleware';
import { useStore } from 'zustand';

export type UserType = 'Learner' | 'Teacher';

export interface AuthTokens {
  accessToken: string;
  refreshToken: string;
}

/**
 * Spec §3's current user: who is signed in and their tokens. Account details beyond
 * identity (email, students, locations) live in the query cache, not here.
 */
export interface CurrentUser {
  userType: UserType;
  /** `isCustomer`: the learner has paid at least once; given at sign-in and kept in step with the account. */
  learnerAccount: { id: string; name: string; isCustomer?: boolean } | null;
  teacher: { id: string; name: string } | null;
  isAdmin: boolean;
  tokens: AuthTokens | null;
  learnerTokens: AuthTokens | null;
  teacherTokens: AuthTokens | null;
}

export interface UserState {
  user: CurrentUser | null;
  setUser: (user: CurrentUser) => void;
  setTokens: (tokens: AuthTokens) => void;
  clearUser: () => void;
}

const tokenPattern = /^[A-Za-z0-9._~+/=-]{16,4096}$/;

function isTokens(value: unknown): value is AuthTokens {
  if (typeof value !== 'object' || value === null) return false;
  const { accessToken, refreshToken } = value as Record<string, unknown>;
  return typeof accessToken === 'string' && tokenPattern.test(accessToken) && typeof refreshToken === 'string' && tokenPattern.test(refreshToken);
}

function isIdentity(value: unknown): value is { id: string; name: string } {
  if (typeof value !== 'object' || value === null) return false;
  const { id, name } = value as Record<string, unknown>;
  return typeof id === 'string' && id.length > 0 && id.length <= 64 && typeof name === 'string' && name.length <= 120;
}

function isLearnerAccount(value: unknown): value is { id: string; name: string; isCustomer?: boolean } {
  if (!isIdentity(value)) return false;
  const { isCustomer } = value as { isCustomer?: unknown };
  return isCustomer === undefined || typeof isCustomer === 'boolean';
}

/** Reads a stored user as untrusted input; anything malformed means "signed out". */
export function parseStoredUser(value: unknown): CurrentUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const user = value as Record<string, unknown>;
  if (user.userType !== 'Learner' && user.userType !== 'Teacher') return null;
  const optional = <T>(field: unknown, check: (v: unknown) => v is T): T | null | undefined =>
    field === null || field === undefined ? null : check(field) ? field : undefined;
  const learnerAccount = optional(user.learnerAccount, isLearnerAccount);
  const teacher = optional(user.teacher, isIdentity);
  const tokens = optional(user.tokens, isTokens);
  const learnerTokens = optional(user.learnerTokens, isTokens);
  const teacherTokens = optional(user.teacherTokens, isTokens);
  if ([learnerAccount, teacher, tokens, learnerTokens, teacherTokens].includes(undefined)) return null;
  if (!tokens && !learnerTokens && !teacherTokens) return null;
  return {
    userType: user.userType,
    learnerAccount: learnerAccount
      ? { id: learnerAccount.id, name: learnerAccount.name, ...(learnerAccount.isCustomer === undefined ? {} : { isCustomer: learnerAccount.isCustomer }) }
      : null,
    teacher: teacher ?? null,
    isAdmin: user.isAdmin === true,
    tokens: tokens ?? null,
    learnerTokens: learnerTokens ?? null,
    teacherTokens: teacherTokens ?? null,
  };
}

export const userStorageKey = 'kalike.user.v1';

export const userStore = createStore<UserState>()(
  persist(
    (set) => ({
      user: null,
      setUser: (user) => set({ user }),
      // A refresh replaces the pair everywhere it is kept for this user's type.
      setTokens: (tokens) =>
        set(({ user }) =>
          user
            ? {
                user: {
                  ...user,
                  tokens,
                  learnerTokens: user.userType === 'Learner' ? tokens : user.learnerTokens,
                  teacherTokens: user.userType === 'Teacher' ? tokens : user.teacherTokens,
                },
              }
            : {},
        ),
      clearUser: () => set({ user: null }),
    }),
    {
      name: userStorageKey,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ user: state.user }),
      merge: (persisted, current) => ({ ...current, user: parseStoredUser((persisted as { user?: unknown } | undefined)?.user) }),
    },
  ),
);

export function useUserStore<T>(selector: (state: UserState) => T): T {
  return useStore(userStore, selector);
}
