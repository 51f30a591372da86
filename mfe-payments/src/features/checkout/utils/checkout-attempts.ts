import { idempotencyKeyPattern, newIdempotencyKey } from '@kalike/shared/api/idempotency-key';
import { isUuid } from '@kalike/shared/domain/uuid';

/**
 * One idempotency key per thing being paid for (a plan with its codes, a settlement, a link),
 * kept in sessionStorage so a double tap, a reload or the trip through the gateway's page
 * sends the same key, and the API answers with the same order instead of a second one.
 * The `kalike.` prefix makes signing out forget it with the rest of the tab's data.
 */
const storageKey = 'kalike.payments.checkout-attempts.v1';
/** Older attempts are dropped: their orders expired long ago (orders last 30 minutes). */
const maxAgeMs = 24 * 60 * 60 * 1000;
const maxAttempts = 20;

export interface CheckoutAttempt {
  key: string;
  /** The order the key created, once the API has answered. */
  orderId: string | null;
  startedAt: number;
}

type Attempts = Record<string, CheckoutAttempt>;

/** What each slot names; codes are part of it, so changing a coupon is a new attempt. */
export const checkoutSlots = {
  classPack: (batchStudentId: string, planId: string, couponCode: string | null, referralCode: string | null) =>
    `class_pack:${batchStudentId}:${planId}:${couponCode ?? ''}:${referralCode ?? ''}`,
  settlement: (batchStudentId: string) => `settlement:${batchStudentId}`,
  changePlan: (batchStudentId: string, planId: string) => `change_plan:${batchStudentId}:${planId}`,
  paymentLink: (id: string) => `payment_link:${id}`,
  paymentRequest: (id: string) => `payment_request:${id}`,
};

// Storage can be unavailable (private mode, some webviews); the tab then keeps attempts in memory.
let memory: Attempts = {};

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function isAttempt(value: unknown): value is CheckoutAttempt {
  if (typeof value !== 'object' || value === null) return false;
  const { key, orderId, startedAt } = value as Record<string, unknown>;
  return (
    typeof key === 'string' &&
    idempotencyKeyPattern.test(key) &&
    (orderId === null || isUuid(orderId)) &&
    typeof startedAt === 'number' &&
    Number.isFinite(startedAt)
  );
}

/** Read back as untrusted input: malformed or stale entries are dropped one by one. */
function read(): Attempts {
  const store = storage();
  let parsed: unknown = memory;
  if (store) {
    try {
      parsed = JSON.parse(store.getItem(storageKey) ?? '{}');
    } catch {
      parsed = {};
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const now = Date.now();
  return Object.fromEntries(
    Object.entries(parsed).filter(
      (entry): entry is [string, CheckoutAttempt] => isAttempt(entry[1]) && now - entry[1].startedAt < maxAgeMs && entry[0].length <= 200,
    ),
  );
}

function write(attempts: Attempts): void {
  const newest = Object.entries(attempts)
    .sort(([, a], [, b]) => b.startedAt - a.startedAt)
    .slice(0, maxAttempts);
  const kept = Object.fromEntries(newest);
  memory = kept;
  const store = storage();
  try {
    store?.setItem(storageKey, JSON.stringify(kept));
  } catch {
    // Full or blocked storage: the in-memory copy still covers this page.
  }
}

export function attemptFor(slot: string): CheckoutAttempt | null {
  return read()[slot] ?? null;
}

/** The slot's key, made and kept on first use. */
export function keyFor(slot: string): string {
  const attempts = read();
  const existing = attempts[slot];
  if (existing) return existing.key;
  const key = newIdempotencyKey();
  write({ ...attempts, [slot]: { key, orderId: null, startedAt: Date.now() } });
  return key;
}

export function rememberOrder(slot: string, key: string, orderId: string): void {
  const attempts = read();
  const existing = attempts[slot];
  write({ ...attempts, [slot]: { key, orderId, startedAt: existing?.startedAt ?? Date.now() } });
}

/** After a definite answer (paid, failed, refused), the next attempt is a new one with a new key. */
export function forgetAttempt(slot: string): void {
  const attempts = read();
  if (!(slot in attempts)) return;
  delete attempts[slot];
  write(attempts);
}

export function forgetAttemptOfOrder(orderId: string): void {
  const attempts = read();
  const slots = Object.entries(attempts).filter(([, attempt]) => attempt.orderId === orderId);
  if (slots.length === 0) return;
  for (const [slot] of slots) delete attempts[slot];
  write(attempts);
}

/** For tests. */
export function clearCheckoutAttempts(): void {
  memory = {};
  storage()?.removeItem(storageKey);
}
