import { LRUCache } from 'lru-cache';

export interface PreLimitOptions {
  /** Callers (a route and an address) this instance remembers; the least recently seen are forgotten first. */
  maxCallers: number;
  /**
   * New callers per route and window whose hits this instance writes to the shared store. Later
   * new callers in that window are counted here only: a flood of fresh addresses costs no
   * database write and no row, and the store holds at most this many rows per route and
   * instance for each window (twice that while windows overlap, until the sweep).
   */
  maxNewSharedPerWindow: number;
  now: () => number;
}

export const preLimitDefaults: PreLimitOptions = { maxCallers: 50_000, maxNewSharedPerWindow: 1_000, now: () => Date.now() };

export type PreLimitVerdict =
  /** Over the limit by this instance's own count: refused without asking the shared store. */
  | { kind: 'refused'; retryAfterSeconds: number }
  /** Counted in the shared store, which decides. */
  | { kind: 'shared' }
  /** A caller beyond the window's new-caller allowance: allowed by this instance's count alone. */
  | { kind: 'local' };

interface Caller {
  hits: number;
  endsAt: number;
  shared: boolean;
}

/**
 * Counts per-address hits in memory before the shared store: each instance keeps its own count
 * of every caller it has seen (bounded, least recently seen forgotten), refuses a caller past
 * the limit by that count alone (a lower bound of the shared count, so no write is needed to
 * refuse), and lets only the window's first `maxNewSharedPerWindow` new callers of a route
 * into the shared store.
 */
export function createAddressPreLimit(options: Partial<PreLimitOptions> = {}) {
  const { maxCallers, maxNewSharedPerWindow, now } = { ...preLimitDefaults, ...options };
  const callers = new LRUCache<string, Caller>({ max: maxCallers });
  // One entry per limited route: as bounded as the route table.
  const admitted = new Map<string, { endsAt: number; count: number }>();

  const admit = (route: string, windowMs: number, at: number): boolean => {
    let window = admitted.get(route);
    if (!window || window.endsAt <= at) {
      window = { endsAt: at + windowMs, count: 0 };
      admitted.set(route, window);
    }
    if (window.count >= maxNewSharedPerWindow) return false;
    window.count += 1;
    return true;
  };

  return {
    hit(route: string, address: string, limit: { max: number; windowMs: number }): PreLimitVerdict {
      const at = now();
      const key = `${route}|${address}`;
      let caller = callers.get(key);
      if (!caller || caller.endsAt <= at) {
        caller = { hits: 0, endsAt: at + limit.windowMs, shared: admit(route, limit.windowMs, at) };
        callers.set(key, caller);
      }
      caller.hits += 1;
      if (caller.hits > limit.max) return { kind: 'refused', retryAfterSeconds: Math.max(1, Math.ceil((caller.endsAt - at) / 1000)) };
      return caller.shared ? { kind: 'shared' } : { kind: 'local' };
    },
  };
}
