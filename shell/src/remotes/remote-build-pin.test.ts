import { clearPins, pinKey, pinLifetimeMs, readPin, writePin } from './remote-build-pin';

const now = Date.parse('2026-11-22T10:00:00Z');
const learner = '3f0e2b8a-4c1d-4e7f-9a2b-1c3d5e7f9a0b';

beforeEach(() => sessionStorage.clear());

function store(value: unknown, key = pinKey('mfe_payments', learner)) {
  sessionStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
}

describe('checkout pins', () => {
  it('keeps the pinned build for its lifetime and drops it after', () => {
    writePin(sessionStorage, 'mfe_payments', learner, 'candidate', now);
    expect(readPin(sessionStorage, 'mfe_payments', learner, now + pinLifetimeMs - 1)).toBe('candidate');
    expect(readPin(sessionStorage, 'mfe_payments', learner, now + pinLifetimeMs)).toBeNull();
    expect(sessionStorage.getItem(pinKey('mfe_payments', learner))).toBeNull();
  });

  it('is per learner and per remote', () => {
    writePin(sessionStorage, 'mfe_payments', learner, 'candidate', now);
    expect(readPin(sessionStorage, 'mfe_payments', 'another-learner', now)).toBeNull();
    expect(readPin(sessionStorage, 'mfe_sessions', learner, now)).toBeNull();
  });

  it('does not stretch its expiry when the same build is shown again, and a fallback replaces it', () => {
    writePin(sessionStorage, 'mfe_payments', learner, 'candidate', now);
    writePin(sessionStorage, 'mfe_payments', learner, 'candidate', now + pinLifetimeMs / 2);
    expect(readPin(sessionStorage, 'mfe_payments', learner, now + pinLifetimeMs)).toBeNull();

    writePin(sessionStorage, 'mfe_payments', learner, 'candidate', now);
    writePin(sessionStorage, 'mfe_payments', learner, 'stable', now + 1_000);
    expect(readPin(sessionStorage, 'mfe_payments', learner, now + pinLifetimeMs)).toBe('stable');
  });

  const valid = { remote: 'mfe_payments', learnerId: learner, build: 'candidate', pinnedAt: now, expiresAt: now + pinLifetimeMs };
  it.each([
    ['not JSON', '{"build":'],
    ['not an object', '"candidate"'],
    ['an unknown build', { ...valid, build: 'beta' }],
    ["another learner's pin under this key", { ...valid, learnerId: 'someone-else' }],
    ["another remote's pin under this key", { ...valid, remote: 'mfe_sessions' }],
    ['an expiry stretched past the lifetime', { ...valid, expiresAt: now + pinLifetimeMs * 10 }],
    ['a pin from the future', { ...valid, pinnedAt: now + 60_000, expiresAt: now + 60_000 + pinLifetimeMs }],
    ['times that are not numbers', { ...valid, pinnedAt: String(now) }],
  ])('reads %s as no pin and removes it', (_label, value) => {
    store(value);
    expect(readPin(sessionStorage, 'mfe_payments', learner, now)).toBeNull();
    expect(sessionStorage.getItem(pinKey('mfe_payments', learner))).toBeNull();
  });

  it('forgets every pin of a learner who signs out, and only theirs', () => {
    writePin(sessionStorage, 'mfe_payments', learner, 'candidate', now);
    writePin(sessionStorage, 'mfe_sessions', learner, 'stable', now);
    writePin(sessionStorage, 'mfe_payments', 'other-learner', 'candidate', now);
    sessionStorage.setItem('unrelated', 'kept');
    clearPins(sessionStorage, learner);
    expect(readPin(sessionStorage, 'mfe_payments', learner, now)).toBeNull();
    expect(readPin(sessionStorage, 'mfe_sessions', learner, now)).toBeNull();
    expect(readPin(sessionStorage, 'mfe_payments', 'other-learner', now)).toBe('candidate');
    expect(sessionStorage.getItem('unrelated')).toBe('kept');
  });

  it('works without storage (disabled or full): no pin, no error', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
      key: () => null,
      length: 0,
      clear: () => undefined,
    } as Storage;
    expect(() => writePin(broken, 'mfe_payments', learner, 'candidate', now)).not.toThrow();
    expect(readPin(broken, 'mfe_payments', learner, now)).toBeNull();
    expect(readPin(null, 'mfe_payments', learner, now)).toBeNull();
  });
});
