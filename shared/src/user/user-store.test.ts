import { parseStoredUser, userStore } from '@kalike/shared/user/user-store';

const tokens = { accessToken: 'eyJhbGciOiJIUzI1NiJ9.payload.signature', refreshToken: 'r'.repeat(43) };
const learner = {
  userType: 'Learner' as const,
  learnerAccount: { id: 'la-1', name: 'Asha Rao' },
  teacher: null,
  isAdmin: false,
  tokens,
  learnerTokens: tokens,
  teacherTokens: null,
};

describe('user store', () => {
  afterEach(() => userStore.getState().clearUser());

  it('keeps a signed-in user across reloads through localStorage', () => {
    userStore.getState().setUser(learner);
    const stored = JSON.parse(localStorage.getItem('kalike.user.v1')!);
    expect(parseStoredUser(stored.state.user)).toEqual(learner);
  });

  it('replaces both token slots of a learner on refresh', () => {
    userStore.getState().setUser(learner);
    const fresh = { accessToken: 'eyJhbGciOiJIUzI1NiJ9.fresh.signature', refreshToken: 'n'.repeat(43) };
    userStore.getState().setTokens(fresh);
    expect(userStore.getState().user).toMatchObject({ tokens: fresh, learnerTokens: fresh, teacherTokens: null });
  });

  it('keeps whether the learner is a customer, and the admin flag, across reloads', () => {
    const customer = { ...learner, learnerAccount: { id: 'la-1', name: 'Asha Rao', isCustomer: true }, isAdmin: true };
    userStore.getState().setUser(customer);
    const stored = JSON.parse(localStorage.getItem('kalike.user.v1')!);
    expect(parseStoredUser(stored.state.user)).toEqual(customer);
  });

  const teacherPair = { accessToken: 'eyJhbGciOiJIUzI1NiJ9.teacher.signature', refreshToken: 't'.repeat(43) };
  const both = { ...learner, teacher: { id: 't-1', name: 'Asha Rao' }, teacherTokens: teacherPair };

  it("keeps both roles' pairs across reloads, with tokens the active role's", () => {
    userStore.getState().setUser({ ...both, userType: 'Teacher', tokens: teacherPair });
    const stored = JSON.parse(localStorage.getItem('kalike.user.v1')!);
    expect(parseStoredUser(stored.state.user)).toEqual({
      ...both,
      userType: 'Teacher',
      tokens: teacherPair,
      learnerTokens: tokens,
      teacherTokens: teacherPair,
    });
  });

  it("reads back tokens as the active role's pair even when stored otherwise", () => {
    // Only `tokens` stored (as sign-ins before both pairs were kept): it is the active role's pair.
    expect(parseStoredUser({ ...learner, learnerTokens: null })).toMatchObject({ tokens, learnerTokens: tokens });
    // `tokens` disagreeing with the active role's pair: the role's pair wins.
    expect(parseStoredUser({ ...both, userType: 'Teacher', tokens })).toMatchObject({ tokens: teacherPair, learnerTokens: tokens, teacherTokens: teacherPair });
    // A teacher's pair without a teacher is dropped while learning…
    expect(parseStoredUser({ ...learner, teacherTokens: teacherPair })).toMatchObject({ userType: 'Learner', teacherTokens: null });
  });

  it('a refresh replaces the pair of the role it was made for, and a new sign-in of the same person keeps the other pair', () => {
    userStore.getState().setUser(learner);
    userStore
      .getState()
      .addSignIn({ userType: 'Teacher', learnerAccount: learner.learnerAccount, teacher: { id: 't-1', name: 'Asha Rao' }, isAdmin: false }, teacherPair);
    expect(userStore.getState().user).toMatchObject({ userType: 'Teacher', tokens: teacherPair, learnerTokens: tokens, teacherTokens: teacherPair });

    const fresh = { accessToken: 'eyJhbGciOiJIUzI1NiJ9.fresh.signature', refreshToken: 'n'.repeat(43) };
    userStore.getState().setTokens(fresh, 'Learner');
    expect(userStore.getState().user).toMatchObject({ userType: 'Teacher', tokens: teacherPair, learnerTokens: fresh, teacherTokens: teacherPair });

    expect(userStore.getState().activateRole('Learner')).toBe(true);
    expect(userStore.getState().user).toMatchObject({ userType: 'Learner', tokens: fresh, teacherTokens: teacherPair });

    // Someone else signing in replaces everything.
    userStore.getState().addSignIn({ userType: 'Learner', learnerAccount: { id: 'la-2', name: 'Ravi' }, teacher: null, isAdmin: false }, tokens);
    expect(userStore.getState().user).toMatchObject({ learnerAccount: { id: 'la-2' }, tokens, learnerTokens: tokens, teacherTokens: null });
    expect(userStore.getState().activateRole('Teacher')).toBe(false);
  });

  it.each([
    ['no user type', { ...learner, userType: 'Admin' }],
    ['a customer flag that is not a boolean', { ...learner, learnerAccount: { id: 'la-1', name: 'x', isCustomer: 'yes' } }],
    ['a token with spaces', { ...learner, tokens: { accessToken: 'a b c d e f g h i j k l m n o p', refreshToken: tokens.refreshToken } }],
    ['no tokens at all', { ...learner, tokens: null, learnerTokens: null }],
    ['an account id that is not a string', { ...learner, learnerAccount: { id: 7, name: 'x' } }],
    ['a teacher role without a teacher', { ...learner, userType: 'Teacher', teacherTokens: tokens }],
    ['a teacher role with only a learner pair', { ...learner, userType: 'Teacher', teacher: { id: 't-1', name: 'x' }, tokens: null }],
    ['a malformed teacher pair', { ...learner, teacherTokens: { accessToken: 'short', refreshToken: 'r'.repeat(43) } }],
  ])('treats a stored user with %s as signed out', (_label, stored) => {
    expect(parseStoredUser(stored)).toBeNull();
  });
});
