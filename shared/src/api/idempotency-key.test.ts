import { idempotencyKeyPattern, newIdempotencyKey } from '@kalike/shared/api/idempotency-key';

describe('idempotency keys', () => {
  it('are fresh for every submission and what the API accepts', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(idempotencyKeyPattern);
  });

  it('come from random bytes where randomUUID is missing (older webviews, plain http)', () => {
    const randomUUID = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true, writable: true });
    try {
      expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true, writable: true });
    }
  });
});
