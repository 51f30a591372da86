import type { FastifyBaseLogger } from 'fastify';
import { mkdirSync } from 'node:fs';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrations';
import { isDatabaseEmpty, seedDatabase, todayInBengaluru } from './db/seed/seed-database';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl && config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  // The database comes before the app, and the app brings the logger.
  const logger: { current?: FastifyBaseLogger } = {};
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleConnectionError: (error) => logger.current?.warn({ err: error }, 'PostgreSQL closed an idle connection'),
  });
  const app = await buildApp({ config, database, ownsDatabase: true });
  logger.current = app.log;

  const applied = await migrateToLatest(database.db);
  if (applied.length > 0) app.log.info({ migrations: applied }, 'Applied migrations');
  if (await isDatabaseEmpty(database.db)) {
    const started = Date.now();
    const summary = await seedDatabase(database.db, { size: config.seedSize, anchorDate: todayInBengaluru() });
    app.log.info({ summary, ms: Date.now() - started }, `Seeded an empty ${database.kind} database`);
  }

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'Shutting down');
    // A hung connection must not keep the process alive forever.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'Error during shutdown');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(`Kalike API (${database.kind}) listening on ${address}`);
  console.log(`Kalike API listening on ${address} (database: ${database.kind}, docs: ${address}/v1/openapi.json)`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Kalike API failed to start:', error);
  }
  process.exit(1);
});
