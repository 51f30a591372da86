import type { RemoteBuild } from './choose-remote-build';
import { parseStoredRecord } from '../utils/parse-stored-record';

/**
 * How long a learner stays on the build their checkout started on. Long enough for any
 * payment (choosing a plan, paying, the receipt), short enough that a rollout change
 * reaches everyone within a couple of hours.
 */
export const pinLifetimeMs = 2 * 60 * 60 * 1000;

const keyPrefix = 'kalike.remote-build-pin.v1';

export const pinKey = (remote: string, learnerId: string) => `${keyPrefix}:${remote}:${learnerId}`;

interface StoredPin {
  remote: string;
  learnerId: string;
  build: RemoteBuild;
  pinnedAt: number;
  expiresAt: number;
}

function parsePin(raw: string | null, remote: string, learnerId: string, now: number): StoredPin | null {
  const pin = parseStoredRecord(raw);
  if (!pin) return null;
  const { pinnedAt, expiresAt } = pin;
  if (pin.remote !== remote || pin.learnerId !== learnerId) return null;
  if (pin.build !== 'stable' && pin.build !== 'candidate') return null;
  if (typeof pinnedAt !== 'number' || typeof expiresAt !== 'number' || !Number.isFinite(pinnedAt) || !Number.isFinite(expiresAt)) return null;
  // Not from the future, not stretched past the lifetime, not over.
  if (pinnedAt > now || expiresAt - pinnedAt > pinLifetimeMs || expiresAt <= now) return null;
  return { remote, learnerId, build: pin.build, pinnedAt, expiresAt };
}

/**
 * The build a learner's checkout is pinned to, read as untrusted input: anything malformed,
 * someone else's, or expired is removed and reads as "no pin".
 */
export function readPin(storage: Storage | null, remote: string, learnerId: string, now: number): RemoteBuild | null {
  if (!storage) return null;
  try {
    const key = pinKey(remote, learnerId);
    const raw = storage.getItem(key);
    const pin = parsePin(raw, remote, learnerId, now);
    if (!pin && raw !== null) storage.removeItem(key);
    return pin?.build ?? null;
  } catch {
    // Storage can be disabled or full; without it there is simply no pin.
    return null;
  }
}

/**
 * Pins the build a learner has been shown. A pin for the same build keeps its expiry, so
 * moving between payment pages does not stretch it; a different build (after a fallback)
 * replaces it.
 */
export function writePin(storage: Storage | null, remote: string, learnerId: string, build: RemoteBuild, now: number): void {
  if (!storage || readPin(storage, remote, learnerId, now) === build) return;
  const pin: StoredPin = { remote, learnerId, build, pinnedAt: now, expiresAt: now + pinLifetimeMs };
  try {
    storage.setItem(pinKey(remote, learnerId), JSON.stringify(pin));
  } catch {
    // Without storage the choice still holds for this page, just not across reloads.
  }
}

/** Forgets every pin of a learner (on sign-out). */
export function clearPins(storage: Storage | null, learnerId: string): void {
  if (!storage) return;
  try {
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
    for (const key of keys) {
      if (key?.startsWith(`${keyPrefix}:`) && key.endsWith(`:${learnerId}`)) storage.removeItem(key);
    }
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
