import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

interface StoreSettings {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/** The route a child store counts for; empty for limiters made with createRateLimit, whose keys name their route. */
interface ChildSettings extends StoreSettings {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * One counter row per key: the hits in the window that ends at expires_at. The upsert reads
 * and bumps the row in one statement, so instances counting the same key at once each see a
 * distinct count and together allow exactly `max`. The window follows @fastify/rate-limit's
 * LocalStore: it starts with the first hit, restarts once expired, and with continueExceeding
 * (or exponentialBackoff, doubling) restarts on every hit past max. The database's clock decides.
 */
async function incrementCounter(db: Kysely<Database>, key: string, windowMs: number, max: number, settings: StoreSettings): Promise<Counted> {
  const window = sql`(${windowMs} * interval '1 millisecond')`;
  const hits = sql`(case when c.expires_at <= now() then 1 else c.hits + 1 end)`;
  const { rows } = await sql<{ hits: number; ttl: string }>`
    insert into rate_limit_counters as c (key, hits, window_start, expires_at)
    values (${key}, 1, now(), now() + ${window})
    on conflict (key) do update set
      hits = ${hits},
      window_start = case when c.expires_at <= now() then now() else c.window_start end,
      expires_at = case
        when c.expires_at <= now() then now() + ${window}
        when ${settings.continueExceeding === true} and ${hits} > ${max} then now() + ${window}
        when ${settings.exponentialBackoff === true} and ${hits} > ${max} then now() + ${window} * power(2, least(${hits} - ${max} - 1, 30))
        else c.expires_at
      end
    returning hits, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::bigint as ttl`.execute(db);
  const row = rows[0]!;
  return { current: row.hits, ttl: Number(row.ttl) };
}

async function readCounter(db: Kysely<Database>, key: string): Promise<Counted> {
  const row = await db
    .selectFrom('rate_limit_counters')
    .select(['hits', sql<string>`greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::bigint`.as('ttl')])
    .where('key', '=', key)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row ? { current: row.hits, ttl: Number(row.ttl) } : { current: 0, ttl: 0 };
}

/** Expired counters, a batch at a time: an expired row is reset by its next hit anyway, so this only bounds the table. */
export async function pruneRateLimitCounters(db: Kysely<Database>, batch = 10_000): Promise<{ pruned: number }> {
  const result = await sql`
    delete from rate_limit_counters
    where key in (select key from rate_limit_counters where expires_at < now() limit ${batch})`.execute(db);
  return { pruned: Number(result.numAffectedRows ?? 0) };
}

/**
 * @fastify/rate-limit's store interface (a class it constructs with the plugin's options) over
 * `rate_limit_counters`, so every API instance on one PostgreSQL database counts against the
 * same limits. `child` prefixes keys with the route, as the built-in RedisStore does.
 */
export function postgresRateLimitStore(db: Kysely<Database>): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      private readonly settings: StoreSettings,
      private readonly prefix = 'rl:',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      incrementCounter(db, this.prefix + key, timeWindow, max, this.settings).then(
        (counted) => callback(null, counted),
        (error: Error) => callback(error),
      );
    }

    /** The count without a hit, for `{ increment: false }` checks. */
    read(key: string, callback: Callback): void {
      readCounter(db, this.prefix + key).then(
        (counted) => callback(null, counted),
        (error: Error) => callback(error),
      );
    }

    // Typed as route options, but the plugin passes the route's merged limit settings with routeInfo.
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const { continueExceeding, exponentialBackoff, routeInfo } = routeOptions as unknown as ChildSettings;
      const { method, url } = routeInfo ?? {};
      const route = url ? `${[method].flat().join(',')}${url}-` : '';
      return new PostgresRateLimitStore({ continueExceeding, exponentialBackoff }, `${this.prefix}${route}`);
    }
  }
  return PostgresRateLimitStore;
}
