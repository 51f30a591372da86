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
 *
 * One phone may be a learner and a teacher, each role a sign-in of its own: `learnerTokens`
 * and `teacherTokens` are kept side by side, `userType` is the role the app acts in now, and
 * `tokens` is always that role's pair.
 */
export interface CurrentUser {
  /** The active role: which pair `tokens` is, which client id is sent, which pages are offered. */
  userType: UserType;
  /** `isCustomer`: the learner has paid at least once; given at sign-in and kept in step with the account. */
  learnerAccount: { id: string; name: string; isCustomer?: boolean } | null;
  teacher: { id: string; name: string } | null;
  isAdmin: boolean;
  tokens: AuthTokens | null;
  learnerTokens: AuthTokens | null;
  teacherTokens: AuthTokens | null;
}

/** Who a new sign-in is (spec §3 without the tokens), as the API answers it. */
export type SignedInIdentity = Pick<CurrentUser, 'userType' | 'learnerAccount' | 'teacher' | 'isAdmin'>;

export interface UserState {
  user: CurrentUser | null;
  setUser: (user: CurrentUser) => void;
  /** A refresh: replaces the pair of `role` (the active role when not given) wherever it is kept. */
  setTokens: (tokens: AuthTokens, role?: UserType) => void;
  /**
   * A new sign-in of the same person in a role (joining as a teacher, switching role): it
   * becomes the active one and the other role's pair is kept. A different person replaces all.
   */
  addSignIn: (identity: SignedInIdentity, tokens: AuthTokens) => void;
  /** Acts in `role` with its stored pair; false (and nothing changes) when there is none. */
  activateRole: (role: UserType) => boolean;
  /** Forgets one role's pair (its sign-in ended); the active role's cannot be dropped this way. */
  dropRole: (role: UserType) => void;
  clearUser: () => void;
}

/** The pair a role's sign-in holds. */
export function pairOf(user: CurrentUser, role: UserType): AuthTokens | null {
  return role === 'Learner' ? user.learnerTokens : user.teacherTokens;
}

/**
 * Keeps the slots consistent: `tokens` is the active role's pair (filled from `tokens` when
 * only that was stored, as sign-ins before both pairs were kept left it), and a teacher's
 * pair is kept only for someone with a teacher profile.
 */
function withActivePair(user: CurrentUser): CurrentUser | null {
  const active = pairOf(user, user.userType) ?? user.tokens;
  if (!active) return null;
  const teacherTokens = user.teacher ? user.teacherTokens : null;
  if (user.userType === 'Teacher' && !user.teacher && user.teacherTokens) return null;
  return {
    ...user,
    tokens: active,
    learnerTokens: user.userType === 'Learner' ? active : user.learnerTokens,
    teacherTokens: user.userType === 'Teacher' ? active : teacherTokens,
  };
}

function samePerson(user: CurrentUser, identity: SignedInIdentity): boolean {
  const sameLearner = Boolean(user.learnerAccount && identity.learnerAccount && user.learnerAccount.id === identity.learnerAccount.id);
  const sameTeacher = Boolean(user.teacher && identity.teacher && user.teacher.id === identity.teacher.id);
  return sameLearner || sameTeacher;
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
  return withActivePair({
    userType: user.userType,
    learnerAccount: learnerAccount
      ? { id: learnerAccount.id, name: learnerAccount.name, ...(learnerAccount.isCustomer === undefined ? {} : { isCustomer: learnerAccount.isCustomer }) }
      : null,
    teacher: teacher ?? null,
    isAdmin: user.isAdmin === true,
    tokens: tokens ?? null,
    learnerTokens: learnerTokens ?? null,
    teacherTokens: teacherTokens ?? null,
  });
}

export const userStorageKey = 'kalike.user.v1';

export const userStore = createStore<UserState>()(
  persist(
    (set, get) => ({
      user: null,
      setUser: (user) => set({ user: withActivePair(user) ?? user }),
      // A refresh replaces the pair everywhere it is kept for that role; a refresh that ends
      // after a switch of role still lands on the role it was made for.
      setTokens: (tokens, role) =>
        set(({ user }) => {
          if (!user) return {};
          const refreshed = role ?? user.userType;
          return {
            user: {
              ...user,
              tokens: refreshed === user.userType ? tokens : user.tokens,
              learnerTokens: refreshed === 'Learner' ? tokens : user.learnerTokens,
              teacherTokens: refreshed === 'Teacher' ? tokens : user.teacherTokens,
            },
          };
        }),
      addSignIn: (identity, tokens) =>
        set(({ user }) => {
          const kept = user && samePerson(user, identity) ? user : null;
          const next: CurrentUser = {
            ...identity,
            tokens,
            learnerTokens: identity.userType === 'Learner' ? tokens : (kept?.learnerTokens ?? null),
            teacherTokens: identity.userType === 'Teacher' ? tokens : (kept?.teacherTokens ?? null),
          };
          return { user: withActivePair(next) ?? next };
        }),
      activateRole: (role) => {
        const user = get().user;
        const pair = user ? pairOf(user, role) : null;
        if (!user || !pair || (role === 'Teacher' && !user.teacher)) return false;
        set({ user: { ...user, userType: role, tokens: pair } });
        return true;
      },
      dropRole: (role) =>
        set(({ user }) =>
          user && user.userType !== role
            ? {
                user: { ...user, learnerTokens: role === 'Learner' ? null : user.learnerTokens, teacherTokens: role === 'Teacher' ? null : user.teacherTokens },
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
