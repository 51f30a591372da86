import type { SignedIn } from './api/sign-in';
import { landingAfterSignIn, landingNeedsUpdates } from './landing';

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

describe('landingAfterSignIn for a returning family', () => {
  const asha = learner('Asha Rao');

  it('takes a family with a payment request or a class to rate to My Updates, not back to the page they signed in on', () => {
    expect(landingAfterSignIn(asha, null, { from: '/discover', somethingWaits: true })).toBe('/updates');
    expect(landingAfterSignIn(asha, null, { somethingWaits: true })).toBe('/updates');
  });

  it('takes a family with nothing waiting back to where they were, else to discover', () => {
    expect(landingAfterSignIn(asha, null, { from: '/categories/chess', somethingWaits: false })).toBe('/categories/chess');
    expect(landingAfterSignIn(asha, null, { from: 'https://evil.example/', somethingWaits: false })).toBe('/discover');
    expect(landingAfterSignIn(asha, null, { from: '/login', somethingWaits: false })).toBe('/discover');
  });

  it('keeps an explicit return path winning over what waits', () => {
    expect(landingAfterSignIn(asha, '/learner/sessions', { from: '/discover', somethingWaits: true })).toBe('/learner/sessions');
    // An unsafe return path is no return path.
    expect(landingAfterSignIn(asha, '//evil.example', { somethingWaits: true })).toBe('/updates');
  });

  it('asks a new learner for a name first, then takes them to what waits', () => {
    expect(landingAfterSignIn(learner(''), null, { somethingWaits: true })).toBe(`/account?complete=1&redirectTo=${encodeURIComponent('/updates')}`);
  });

  it('takes a teacher back to where they were, else their workspace, whatever a family would have waiting', () => {
    expect(landingAfterSignIn(teacher, null, { from: '/discover', somethingWaits: true })).toBe('/discover');
    expect(landingAfterSignIn(teacher, null, { somethingWaits: true })).toBe('/teach');
  });

  it('looks at what waits only for a learner with no explicit destination', () => {
    expect(landingNeedsUpdates(asha, null)).toBe(true);
    expect(landingNeedsUpdates(asha, 'https://evil.example/')).toBe(true);
    expect(landingNeedsUpdates(asha, '/classes')).toBe(false);
    expect(landingNeedsUpdates(teacher, null)).toBe(false);
  });
});
