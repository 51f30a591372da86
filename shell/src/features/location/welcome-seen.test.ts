import { hasSeenWelcome, markWelcomeSeen, welcomeSeenStorageKey } from './welcome-seen';

describe('welcome seen', () => {
  beforeEach(() => window.localStorage.clear());

  it('is remembered once marked', () => {
    expect(hasSeenWelcome()).toBe(false);
    markWelcomeSeen(new Date('2026-01-05T10:00:00Z'));
    expect(hasSeenWelcome()).toBe(true);
  });

  it.each(['true', '{"version":2,"seenAt":"2026-01-05T10:00:00Z"}', '{"version":1,"seenAt":"yesterday"}', '{"version":1}', '{oops'])(
    'ignores a stored value it did not write: %s',
    (value) => {
      window.localStorage.setItem(welcomeSeenStorageKey, value);
      expect(hasSeenWelcome()).toBe(false);
    },
  );
});
