import { clientHeaders } from '@kalike/shared/api/client-headers';
import { signInAdmin, signInLearner, signInTeacher, signOut } from '@kalike/shared/testing/signed-in';
import { userStore } from '@kalike/shared/user/user-store';

describe('the client identifier every call carries', () => {
  afterEach(() => signOut());

  it('names the admin client while an admin is signed in, and the usual one again after', () => {
    signInAdmin();
    expect(clientHeaders()['x-client']).toBe('learner-admin');
    signOut();
    expect(clientHeaders()['x-client']).toMatch(/^learner-(web|mweb)$/);
    signInLearner();
    expect(clientHeaders()['x-client']).toMatch(/^learner-(web|mweb)$/);
  });

  it('keeps the user type: an admin signed in as a teacher is teacher-admin', () => {
    signInTeacher();
    userStore.setState((state) => ({ user: state.user ? { ...state.user, isAdmin: true } : null }));
    expect(clientHeaders()['x-client']).toBe('teacher-admin');
  });
});
