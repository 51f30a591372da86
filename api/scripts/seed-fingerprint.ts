/**
 * Seeds a fresh in-memory database and prints each table's fingerprint (row count and an md5
 * of every row) and how long the seed took: run it before and after changing how the seed
 * writes rows to show the same data comes out, as fast.
 *
 *   tsx scripts/seed-fingerprint.ts [test|standard|bench] [anchor YYYY-MM-DD]
 */
import { seedSizes, type SeedSize } from '../src/config';
import { createDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrations';
import { seedDatabase } from '../src/db/seed/seed-database';
import { tableFingerprints } from '../src/db/table-fingerprint';

async function main(): Promise<void> {
  const size = (process.argv[2] ?? 'test') as SeedSize;
  if (!seedSizes.includes(size)) throw new Error(`size must be one of ${seedSizes.join(', ')}`);
  const anchorDate = process.argv[3] ?? '2025-06-02';
  const database = await createDatabase({});
  try {
    await migrateToLatest(database.db);
    const started = performance.now();
    await seedDatabase(database.db, { size, anchorDate });
    const seedSeconds = Number(((performance.now() - started) / 1000).toFixed(2));
    const fingerprint = await tableFingerprints(database.db);
    console.log(JSON.stringify({ size, anchorDate, seedSeconds, fingerprint }, null, 2));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
