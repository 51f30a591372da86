import { userStore } from '@kalike/shared/user/user-store';

export const learnerId = '0b7d3f4e-0000-4000-8000-000000000042';

/** Signs a learner in the way the shell's sign-in leaves the user store. */
export function signInLearner(name = 'Asha Rao'): void {
  userStore.getState().setUser({
    userType: 'Learner',
    learnerAccount: { id: learnerId, name },
    teacher: null,
    isAdmin: false,
    tokens: { accessToken: 'access-token-for-tests-0001', refreshToken: 'refresh-token-for-tests-0001' },
    learnerTokens: null,
    teacherTokens: null,
  });
}

export function signOut(): void {
  userStore.getState().clearUser();
}

export const teacherId = '0b7d3f4e-0000-4000-8000-000000000077';

/** Signs a teacher in the way the shell's sign-in leaves the user store for a teacher's phone. */
export function signInTeacher(name = 'Kiran Rao'): void {
  const tokens = { accessToken: 'access-token-for-tests-0002', refreshToken: 'refresh-token-for-tests-0002' };
  userStore.getState().setUser({
    userType: 'Teacher',
    learnerAccount: null,
    teacher: { id: teacherId, name },
    isAdmin: false,
    tokens,
    learnerTokens: null,
    teacherTokens: tokens,
  });
}

/**
 * A teacher's phone acting as a learner (switched role): the teacher profile stays known, and the
 * learner account a teacher gets on first switching has no name yet.
 */
export function signInTeacherAsLearner(name = 'Kiran Rao', learnerName = ''): void {
  const teacherTokens = { accessToken: 'access-token-for-tests-0002', refreshToken: 'refresh-token-for-tests-0002' };
  const learnerTokens = { accessToken: 'access-token-for-tests-0004', refreshToken: 'refresh-token-for-tests-0004' };
  userStore.getState().setUser({
    userType: 'Learner',
    learnerAccount: { id: learnerId, name: learnerName },
    teacher: { id: teacherId, name },
    isAdmin: false,
    tokens: learnerTokens,
    learnerTokens,
    teacherTokens,
  });
}

export const adminUserId = '0b7d3f4e-0000-4000-8000-000000000091';

/** Signs in a Kalike admin: a learner sign-in whose token carries the admin flag. */
export function signInAdmin(name = 'Kalike Admin'): void {
  userStore.getState().setUser({
    userType: 'Learner',
    learnerAccount: { id: adminUserId, name },
    teacher: null,
    isAdmin: true,
    tokens: { accessToken: 'access-token-for-tests-0003', refreshToken: 'refresh-token-for-tests-0003' },
    learnerTokens: null,
    teacherTokens: null,
  });
}
