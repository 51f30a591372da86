import { istDateKey } from '@kalike/shared/format/dates';
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, seedSizes, type SeedSize } from '../config';
import { createDatabase } from './database';
import { setAdmin } from './admins';
import { migrateToLatest } from './migrations';
import { isDatabaseEmpty, seedDatabase } from './seed/seed-database';
import { seedProgressLine } from './seed/seed-progress';

const usage = `Usage: tsx src/db/cli.ts <migrate|seed> [--size test|standard|bench] [--anchor YYYY-MM-DD] [--seed text]
       tsx src/db/cli.ts <make-admin|remove-admin> <phone>

  migrate        apply pending migrations
  seed           migrate, then fill an empty database (refuses a non-empty one)
  make-admin     make the person who signed in with <phone> a Kalike admin (reviews listings, grants badges)
  remove-admin   take it away again, ending every sign-in they have at once

Database: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite folder, default ./.data/pglite).
Seeding PostgreSQL also takes SEED=demo and SEED_CONFIRM_DATABASE=<database name>.`;

async function main(): Promise<void> {
  // `pnpm db:seed -- --size bench` forwards the `--` itself; drop it so the flags still parse.
  const args = process.argv.slice(2).filter((arg, index) => !(arg === '--' && index <= 1));
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      size: { type: 'string' },
      anchor: { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals[0];
  const adminCommand = command === 'make-admin' || command === 'remove-admin';
  if (values.help || (command !== 'migrate' && command !== 'seed' && !adminCommand) || (adminCommand && positionals.length !== 2)) {
    console.log(usage);
    process.exit(values.help ? 0 : 1);
  }

  const config = loadConfig();
  const size = (values.size ?? config.seedSize) as SeedSize;
  if (!seedSizes.includes(size)) throw new ConfigError([`--size must be one of ${seedSizes.join(', ')}`]);
  if (values.anchor && !/^\d{4}-\d{2}-\d{2}$/.test(values.anchor)) {
    throw new ConfigError(['--anchor must be a date like 2025-06-02']);
  }

  if (!config.databaseUrl && config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.dataDir}`;
  try {
    const started = Date.now();
    const applied = await migrateToLatest(database.db);
    console.log(`${where}: ${applied.length === 0 ? 'no pending migrations' : `applied ${applied.join(', ')}`}`);
    if (adminCommand) {
      // Demo numbers only where texts stay on this machine, as for sign-in.
      const change = await setAdmin(database.db, positionals[1] ?? '', command === 'make-admin', { acceptDemoNumbers: !config.auth.smsProvider });
      const now = command === 'make-admin' ? 'is an admin' : 'is not an admin';
      const effect =
        command === 'make-admin'
          ? 'admin pages answer them from their next request (the app shows them after their next sign-in)'
          : `it holds from their next request; ${change.signInsEnded} sign-in(s) ended, so they sign in again`;
      console.log(`${change.phone} ${change.changed ? `now ${now}; ${effect}` : `already ${now}`}`);
    }
    if (command === 'seed') {
      // The same rule as the server's: a server database gets demo people only when named twice.
      if (config.databaseUrl && !config.seedDemo) {
        throw new ConfigError(['Seeding a PostgreSQL server writes demo teachers and learners into it: set SEED=demo and SEED_CONFIRM_DATABASE=<its name>']);
      }
      if (!(await isDatabaseEmpty(database.db))) {
        throw new Error('The database already has data; point DATA_DIR or DATABASE_URL at an empty one to seed');
      }
      const progress = seedProgressLine(process.stdout);
      const summary = await seedDatabase(database.db, {
        size,
        anchorDate: values.anchor ?? istDateKey(new Date()),
        ...(values.seed ? { seed: values.seed } : {}),
        onProgress: progress.onProgress,
      }).finally(progress.done);
      console.table(summary);
      console.log(`Seeded "${size}" in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (!(error instanceof ConfigError) && error instanceof Error && error.cause) console.error(error.cause);
  process.exit(1);
});
