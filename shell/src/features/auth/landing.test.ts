import type { SignedIn } from './api/sign-in';
import { landingAfterSignIn } from './landing';

const teacher: SignedIn['user'] = {
  userType: 'Teacher',
  learnerAccount: null,
  teacher: { id: 't-1', name: 'Priya Gowda' },
  isAdmin: false,
} as SignedIn['user'];
const learner = (name: string): SignedIn['user'] =>
  ({ userType: 'Learner', learnerAccount: { id: 'a-1', name }, teacher: null, isAdmin: false }) as SignedIn['user'];

describe('landingAfterSignIn', () => {
  it('takes a teacher with nowhere else to go to their workspace', () => {
    expect(landingAfterSignIn(teacher, null)).toBe('/teach');
    expect(landingAfterSignIn(teacher, 'https://evil.example/')).toBe('/teach');
    expect(landingAfterSignIn(teacher, '/login')).toBe('/teach');
  });

  it('takes anyone back to the page they were sent from', () => {
    expect(landingAfterSignIn(teacher, '/teach/reviews')).toBe('/teach/reviews');
    expect(landingAfterSignIn(learner('Asha Rao'), '/learner/sessions?week=2')).toBe('/learner/sessions?week=2');
  });

  it('takes a learner to discover, or first to complete their account', () => {
    expect(landingAfterSignIn(learner('Asha Rao'), null)).toBe('/discover');
    expect(landingAfterSignIn(learner(''), '/classes')).toBe(`/account?complete=1&redirectTo=${encodeURIComponent('/classes')}`);
  });

  it('takes a new learner on the way to joining as a teacher straight to the join form, which asks for the name', () => {
    expect(landingAfterSignIn(learner(''), '/teach-on-kalike')).toBe('/teach-on-kalike');
    expect(landingAfterSignIn(teacher, '/teach-on-kalike')).toBe('/teach-on-kalike');
  });
});
