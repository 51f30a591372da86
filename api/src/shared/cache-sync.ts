import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import type { Database } from '../db/schema';

/** The PostgreSQL channel on which instances tell each other to clear their marketplace caches. */
export const CACHE_CLEAR_CHANNEL = 'kalike_marketplace_cache';

/**
 * How an instance's response cache hears about clears made on the other instances sharing its
 * database. While `inSync()` is false a clear could be missed, so the cache answers nothing
 * from memory until it is true again.
 */
export interface CacheSync {
  inSync(): boolean;
  /** Tells the other instances to clear; this one has cleared itself. */
  publishClear(): void;
  /** What to run when another instance cleared, or when clears may have been missed (a reconnection). */
  onRemoteClear(listener: () => void): void;
}

export interface PostgresCacheSyncOptions {
  db: Kysely<Database>;
  openClient: () => Promise<pg.Client>;
  log: { info(message: string): void; warn(details: object, message: string): void };
  /** First wait before connecting again after the listener failed; doubles up to maxReconnectDelayMs. */
  reconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
}

export interface PostgresCacheSync extends CacheSync {
  /** Resolves after the first attempt to listen, whether it worked or a reconnection is scheduled. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Tells the other instances to clear; `publishing` holds the notice until it is sent, so close can wait for it. */
function notifyOthers({
  db,
  log,
  instanceId,
  publishing,
}: Pick<PostgresCacheSyncOptions, 'db' | 'log'> & { instanceId: string; publishing: Set<Promise<unknown>> }): void {
  const sent = sql`select pg_notify(${CACHE_CLEAR_CHANNEL}, ${instanceId})`
    .execute(db)
    .catch((error: unknown) => log.warn({ err: error }, 'Could not tell the other instances to clear their marketplace caches'))
    .finally(() => publishing.delete(sent));
  publishing.add(sent);
}

/** The listening connection's events: losing it, and another instance's clear (never our own). */
function watch(client: pg.Client, instanceId: string, on: { lost: (error: unknown) => void; clear: () => void }): void {
  client.on('error', (error) => on.lost(error));
  client.on('end', () => on.lost(new Error('connection ended')));
  client.on('notification', (message) => {
    if (message.channel === CACHE_CLEAR_CHANNEL && message.payload !== instanceId) on.clear();
  });
}

/**
 * Clears travel as NOTIFY on CACHE_CLEAR_CHANNEL, and each instance LISTENs on a connection of
 * its own (a pooled one would be handed to queries and lose the LISTEN). The payload names the
 * sender, so an instance skips its own clears.
 */
export function createPostgresCacheSync({
  db,
  openClient,
  log,
  reconnectDelayMs = 500,
  maxReconnectDelayMs = 30_000,
}: PostgresCacheSyncOptions): PostgresCacheSync {
  const instanceId = randomUUID();
  const listeners: (() => void)[] = [];
  const publishing = new Set<Promise<unknown>>();
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let failures = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;

  const clearHere = () => {
    for (const listener of listeners) listener();
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    const delay = Math.min(maxReconnectDelayMs, reconnectDelayMs * 2 ** Math.min(failures, 16));
    failures++;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void connect();
    }, delay);
    reconnectTimer.unref();
  };

  const lost = (lostClient: pg.Client, error: unknown) => {
    if (lostClient !== client || closed) return;
    client = undefined;
    listening = false;
    lostClient.removeAllListeners('notification');
    lostClient.end().catch(() => undefined);
    log.warn({ err: error }, 'The marketplace cache stopped hearing other instances; it answers from the database until it reconnects');
    scheduleReconnect();
  };

  async function connect(): Promise<void> {
    let next: pg.Client | undefined;
    try {
      next = await openClient();
      const opened = next;
      watch(opened, instanceId, { lost: (error) => lost(opened, error), clear: clearHere });
      client = opened;
      await opened.query(`listen ${CACHE_CLEAR_CHANNEL}`);
      if (closed) return;
      // Whatever was cleared elsewhere while nobody listened is unknown: start from empty.
      clearHere();
      listening = true;
      if (failures > 0) log.info('The marketplace cache hears other instances again');
      failures = 0;
    } catch (error) {
      if (next && client === next) {
        lost(next, error);
      } else {
        next?.end().catch(() => undefined);
        log.warn({ err: error }, 'The marketplace cache could not listen for other instances; it answers from the database until it can');
        scheduleReconnect();
      }
    }
  }

  return {
    inSync: () => listening,
    publishClear: () => notifyOthers({ db, log, instanceId, publishing }),
    onRemoteClear(listener) {
      listeners.push(listener);
    },
    start: connect,
    async close() {
      closed = true;
      listening = false;
      clearTimeout(reconnectTimer);
      await Promise.all(publishing);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}
