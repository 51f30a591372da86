import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { CacheSync } from './cache-sync';

export interface ResponseCacheOptions {
  enabled: boolean;
  /** How long an answer is reused; listings change rarely and a minute-old card is harmless. */
  ttlMs?: number;
  /** Bound on the cached bodies, in bytes. */
  maxSize?: number;
  /** Other instances on the same database (PostgreSQL): clears reach them, theirs reach this one. */
  sync?: CacheSync;
}

export interface ResponseCache {
  readonly enabled: boolean;
  /**
   * The body stored under key, or produce()'s text, stored. Concurrent misses for one key
   * share a single produce() call, so a burst of identical requests costs one database query.
   */
  get(key: string, produce: () => Promise<string>, ttlMs?: number): Promise<{ body: Buffer; hit: boolean }>;
  /** Remembers that this exact request URL was answered from `key` with these headers. */
  remember(url: string, key: string, cacheControl: string): void;
  /**
   * onRequest hook for cached routes: a URL answered before is sent straight from memory,
   * before query parsing, validation and the handler, which is most of a hit's cost.
   */
  answerFromMemory(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
  /** Forgets every answer here and, with a sync, on every other instance within moments. */
  clear(): void;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * An in-process cache of serialised answers to public, user-independent GETs. PGlite runs
 * every query on one thread, so at 50 concurrent connections the database queue, not the
 * query plan, sets the tail latency; answering repeats from memory keeps them out of it.
 */
export function createResponseCache({ enabled, ttlMs = 60_000, maxSize = 64 * 1024 * 1024, sync }: ResponseCacheOptions): ResponseCache {
  // Bodies are kept encoded, so a hit is written to the socket without encoding it again.
  const store = new LRUCache<string, Buffer>({ ttl: ttlMs, maxSize, sizeCalculation: (value) => Math.max(1, value.byteLength) });
  const pending = new Map<string, Promise<Buffer>>();
  // Raw URLs differ from keys (parameter order, unrounded points); each points at its key.
  const urls = new LRUCache<string, { key: string; cacheControl: string }>({ max: 50_000, ttl: ttlMs });
  // An answer produced from a read that began before a clear must not be stored after it.
  let generation = 0;
  const clearHere = () => {
    generation++;
    store.clear();
    urls.clear();
    pending.clear();
  };
  sync?.onRemoteClear(clearHere);
  // Without word from the other instances a stale answer could be served for a whole TTL.
  const active = () => enabled && (!sync || sync.inSync());

  return {
    enabled,
    async get(key, produce, entryTtlMs) {
      if (!active()) return { body: Buffer.from(await produce()), hit: false };
      const cached = store.get(key);
      if (cached !== undefined) return { body: cached, hit: true };
      const inFlight = pending.get(key);
      if (inFlight) return { body: await inFlight, hit: true };

      const startedIn = generation;
      const promise = produce().then((text) => Buffer.from(text));
      pending.set(key, promise);
      try {
        const body = await promise;
        // Larger than the whole budget means the LRU would refuse it anyway.
        if (body.byteLength <= maxSize && startedIn === generation) store.set(key, body, entryTtlMs === undefined ? undefined : { ttl: entryTtlMs });
        return { body, hit: false };
      } finally {
        if (pending.get(key) === promise) pending.delete(key);
      }
    },
    remember(url, key, cacheControl) {
      if (active()) urls.set(url, { key, cacheControl });
    },
    async answerFromMemory(request, reply) {
      if (!active() || request.method !== 'GET') return undefined;
      const known = urls.get(request.url);
      const body = known && store.get(known.key);
      if (!known || !body) return undefined;
      // Returning the reply from an async onRequest hook ends the request here.
      return reply.header('cache-control', known.cacheControl).header('x-cache', 'hit').type(JSON_TYPE).send(body);
    },
    clear() {
      clearHere();
      sync?.publishClear();
    },
  };
}

/**
 * A stable key for a validated query: parameters sorted by name, absent ones left out, so the
 * same question asked with parameters in another order hits the same entry.
 */
export function cacheKey(route: string, query: Record<string, unknown>): string {
  const parts = Object.keys(query)
    .filter((name) => query[name] !== undefined)
    .sort()
    .map((name) => `${name}=${encodeURIComponent(String(query[name]))}`);
  return `${route}?${parts.join('&')}`;
}

/**
 * Sends a cacheable JSON answer. On a miss the DTO is serialised with the route's own response
 * schema (as a normal reply would be), and that text is what is cached and sent. Set the
 * cache-control header before calling: it is remembered with the URL for early answers.
 */
export async function sendCached<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: ResponseCache,
  key: string,
  produce: () => Promise<T>,
): Promise<FastifyReply> {
  const { body, hit } = await cache.get(key, async () => {
    const serialised = reply.serialize(await produce());
    return typeof serialised === 'string' ? serialised : Buffer.from(serialised as ArrayBuffer).toString('utf8');
  });
  reply.header('x-cache', hit ? 'hit' : 'miss');
  const cacheControl = reply.getHeader('cache-control');
  if (typeof cacheControl === 'string') cache.remember(request.url, key, cacheControl);
  reply.type(JSON_TYPE);
  return reply.send(body);
}
