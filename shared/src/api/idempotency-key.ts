import { idempotencyKeyPattern as keyPattern } from '@kalike/shared/domain/enquiry-lifecycle';

/** What the API accepts as an idempotency key (the pattern its schemas check). */
export const idempotencyKeyPattern = new RegExp(keyPattern);

/**
 * A fresh key for one submission or payment attempt: 32 hex characters. `randomUUID` is
 * missing in older Android webviews and on plain-http pages, so random bytes stand in there.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID().replaceAll('-', '');
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
