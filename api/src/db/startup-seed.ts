import { istDateKey } from '@kalike/shared/format/dates';
import type { Kysely } from 'kysely';
import type { SeedSize } from '../config';
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
