import { idempotencyKeyPattern } from '@kalike/shared/domain/enquiry-lifecycle';
import { DomainError } from './domain-error';

const keyPattern = new RegExp(idempotencyKeyPattern);

/**
 * The `Idempotency-Key` header of a call that creates something or moves money: required,
 * one value, 16 to 64 letters, digits, _ or -. The same key with the same body replays the
 * first answer; with another body it is refused (IDEMPOTENCY_KEY_REUSED, 422).
 */
export function requireIdempotencyKey(value: string | string[] | undefined, what = 'submission'): string {
  if (value === undefined || value === '') {
    throw new DomainError('IDEMPOTENCY_KEY_REQUIRED', `Send an Idempotency-Key header, one new key per ${what}`, 400);
  }
  if (typeof value !== 'string' || !keyPattern.test(value)) {
    throw new DomainError('VALIDATION_ERROR', 'headers.idempotency-key must be one value of 16 to 64 letters, digits, _ or -', 400);
  }
  return value;
}

export function keyReused(what: string): DomainError {
  return new DomainError('IDEMPOTENCY_KEY_REUSED', `This Idempotency-Key was already used for a different ${what}; send a new key for new content`, 422);
}
