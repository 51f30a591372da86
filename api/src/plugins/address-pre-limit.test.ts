import { createAddressPreLimit } from './address-pre-limit';

const route = 'POST /v1/auth/otp/verify';
const limit = { max: 2, windowMs: 60_000 };

describe('the in-memory count before the shared store', () => {
  let at = 0;
  const now = () => at;

  beforeEach(() => {
    at = 1_000_000;
  });

  test('refuses a caller past the limit by its own count, with the wait until its window ends', () => {
    const preLimit = createAddressPreLimit({ now });
    expect(preLimit.hit(route, '203.0.113.1', limit)).toEqual({ kind: 'shared' });
    at += 20_000;
    expect(preLimit.hit(route, '203.0.113.1', limit)).toEqual({ kind: 'shared' });
    expect(preLimit.hit(route, '203.0.113.1', limit)).toEqual({ kind: 'refused', retryAfterSeconds: 40 });
    // Another route, another count.
    expect(preLimit.hit('GET /v1/geo/reverse', '203.0.113.1', limit)).toEqual({ kind: 'shared' });
    at += 40_000;
    expect(preLimit.hit(route, '203.0.113.1', limit)).toEqual({ kind: 'shared' });
  });

  test("lets a route's first new callers of a window into the shared store and counts the rest here, until the window turns", () => {
    const preLimit = createAddressPreLimit({ now, maxNewSharedPerWindow: 2 });
    expect(['a', 'b', 'c', 'd'].map((address) => preLimit.hit(route, address, limit).kind)).toEqual(['shared', 'shared', 'local', 'local']);
    // A caller keeps its place for its window: an admitted one stays shared, a local one local.
    expect(preLimit.hit(route, 'a', limit).kind).toBe('shared');
    expect(preLimit.hit(route, 'c', limit).kind).toBe('local');
    expect(preLimit.hit(route, 'c', limit).kind).toBe('refused');
    at += limit.windowMs;
    expect(['e', 'c'].map((address) => preLimit.hit(route, address, limit).kind)).toEqual(['shared', 'shared']);
  });

  test('remembers at most maxCallers, forgetting the least recently seen', () => {
    const preLimit = createAddressPreLimit({ now, maxCallers: 2 });
    preLimit.hit(route, 'a', limit);
    preLimit.hit(route, 'a', limit);
    preLimit.hit(route, 'b', limit);
    preLimit.hit(route, 'c', limit);
    // "a" was forgotten, so its count starts again; the shared store still has it.
    expect(preLimit.hit(route, 'a', limit).kind).toBe('shared');
  });
});
