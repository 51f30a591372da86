import { attemptFor, checkoutSlots, clearCheckoutAttempts, forgetAttempt, forgetAttemptOfOrder, keyFor, rememberOrder } from './checkout-attempts';
import { idempotencyKeyPattern } from '@kalike/shared/api/idempotency-key';

const orderId = '7a2d3c9f-0000-4000-8000-000000000500';
const slot = checkoutSlots.classPack('bs', 'plan', 'WELCOME10', null);

describe('checkout attempts', () => {
  afterEach(() => clearCheckoutAttempts());

  it('keeps one key per slot until the attempt is forgotten', () => {
    const key = keyFor(slot);
    expect(key).toMatch(idempotencyKeyPattern);
    expect(keyFor(slot)).toBe(key);
    expect(keyFor(checkoutSlots.classPack('bs', 'plan', null, null))).not.toBe(key);
    forgetAttempt(slot);
    expect(keyFor(slot)).not.toBe(key);
  });

  it('remembers the order a key made, and forgets the attempt by its order', () => {
    const key = keyFor(slot);
    rememberOrder(slot, key, orderId);
    expect(attemptFor(slot)).toEqual(expect.objectContaining({ key, orderId }));
    forgetAttemptOfOrder(orderId);
    expect(attemptFor(slot)).toBeNull();
  });

  it('lives in sessionStorage under the prefix signing out clears, and reads it back as untrusted', () => {
    const key = keyFor(slot);
    const stored = JSON.parse(sessionStorage.getItem('kalike.payments.checkout-attempts.v1') ?? '{}') as Record<string, unknown>;
    expect(stored[slot]).toEqual(expect.objectContaining({ key }));
    sessionStorage.setItem(
      'kalike.payments.checkout-attempts.v1',
      JSON.stringify({ [slot]: { key: 'short', orderId: null, startedAt: Date.now() }, other: { key, orderId: 'not-an-id', startedAt: Date.now() } }),
    );
    expect(attemptFor(slot)).toBeNull();
    expect(attemptFor('other')).toBeNull();
    sessionStorage.setItem('kalike.payments.checkout-attempts.v1', '{not json');
    expect(keyFor(slot)).toMatch(idempotencyKeyPattern);
  });

  it('drops attempts older than a day', () => {
    const key = keyFor(slot);
    const day = 24 * 60 * 60 * 1000;
    sessionStorage.setItem('kalike.payments.checkout-attempts.v1', JSON.stringify({ [slot]: { key, orderId: null, startedAt: Date.now() - day - 1 } }));
    expect(attemptFor(slot)).toBeNull();
  });
});
