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

  it.each([
    ['no user type', { ...learner, userType: 'Admin' }],
    ['a customer flag that is not a boolean', { ...learner, learnerAccount: { id: 'la-1', name: 'x', isCustomer: 'yes' } }],
    ['a token with spaces', { ...learner, tokens: { accessToken: 'a b c d e f g h i j k l m n o p', refreshToken: tokens.refreshToken } }],
    ['no tokens at all', { ...learner, tokens: null, learnerTokens: null }],
    ['an account id that is not a string', { ...learner, learnerAccount: { id: 7, name: 'x' } }],
  ])('treats a stored user with %s as signed out', (_label, stored) => {
    expect(parseStoredUser(stored)).toBeNull();
  });
});
