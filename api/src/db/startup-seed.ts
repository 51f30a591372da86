import { istDateKey } from '@kalike/shared/format/dates';
import type { Kysely } from 'kysely';
import type { SeedSize } from '../config';
import type { DatabaseHandle } from './database';
import type { Database } from './schema';
import { isDatabaseEmpty, seedDatabase } from './seed/seed-database';
import { describeSeedSummary, type SeedProgressLine } from './seed/seed-progress';

export interface StartupSeedOptions {
  /** config.seedDemo: asked for (SEED=demo, the embedded database's default). */
  seedDemo: boolean;
  seedSize: SeedSize;
  log: { info(details: object | string, message?: string): void; warn(message: string): void };
  progress?: SeedProgressLine;
  anchorDate?: string;
}

export type StartupSeedOutcome = 'seeded' | 'left-empty' | 'has-data';

/**
 * Demo data goes only into an empty database, and only when asked: an empty PostgreSQL
 * server (a new deployment) stays empty unless SEED=demo and SEED_CONFIRM_DATABASE say so,
 * because demo teachers there would be listed to real learners and sent their enquiries.
 */
export async function seedAtStartup(db: Kysely<Database>, { seedDemo, seedSize, log, progress, anchorDate }: StartupSeedOptions): Promise<StartupSeedOutcome> {
  if (!(await isDatabaseEmpty(db))) {
    log.info('Using the data already in the database');
    return 'has-data';
  }
  if (!seedDemo) {
    log.warn('The database is empty and stays so: demo data is written only when asked (SEED=demo, docs/configuration.md)');
    return 'left-empty';
  }
  const started = Date.now();
  log.info(`Seeding the empty database with the "${seedSize}" demo catalogue (demo numbers +91 00000 XXXXX)…`);
  const summary = await seedDatabase(db, { size: seedSize, anchorDate: anchorDate ?? istDateKey(new Date()), onProgress: progress?.onProgress }).finally(() =>
    progress?.done(),
  );
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  log.info({ summary, ms: Date.now() - started }, `Seeded in ${seconds} s: ${describeSeedSummary(summary)}`);
  return 'seeded';
}

/** The session-level advisory lock that one instance at a time holds while it migrates and seeds. */
export const STARTUP_LOCK_KEY = 4_172_019_025;

export interface StartupLockOptions {
  log: { info(message: string): void; warn(details: object, message: string): void };
  /** How often a waiting instance asks again. */
  pollMs?: number;
}

/**
 * Runs `work` (migrations, the seed, the secret check) on one instance at a time: instances
 * started together on one empty PostgreSQL database would otherwise apply the same migrations
 * and write the same seed at once, and all but one would die on a duplicate key. The others
 * wait, then find the schema current and the data there. The lock is held on a connection of
 * its own, so it is released if this process dies, and the wait is polled rather than blocked
 * on, so no statement time-out cuts short a wait behind a long seed. PGlite is one process.
 */
export async function whileHoldingStartupLock<T>(database: DatabaseHandle, { log, pollMs = 500 }: StartupLockOptions, work: () => Promise<T>): Promise<T> {
  if (!database.openDedicatedClient) return work();
  const client = await database.openDedicatedClient();
  client.on('error', (error) => log.warn({ err: error }, 'The connection holding the start-up lock failed'));
  try {
    let waiting = false;
    for (;;) {
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [STARTUP_LOCK_KEY]);
      if (rows[0]?.locked) break;
      if (!waiting) log.info('Another instance is migrating or seeding the database; waiting for it to finish');
      waiting = true;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}
