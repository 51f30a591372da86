import type { FastifyBaseLogger } from 'fastify';
import { mkdirSync } from 'node:fs';
import { buildApp } from './app';
import { createTaskLeases, startBackgroundWork } from './background-work';
import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrations';
import { seedProgressLine } from './db/seed/seed-progress';
import { seedAtStartup, whileHoldingStartupLock } from './db/startup-seed';
import { checkSharedSecrets, SecretMismatchError, sharedSecretsOf } from './shared/secret-fingerprints';

/** How often overdue enquiries and orders are expired and pending text messages sent. */
const BACKGROUND_INTERVAL_MS = 5_000;

async function main(): Promise<void> {
  const config = loadConfig();
  // The data folder holds PGlite's files and the local outbox file.
  if (config.dataDir && (!config.databaseUrl || config.auth.smsOutboxFile)) mkdirSync(config.dataDir, { recursive: true });
  // The database comes before the app, and the app brings the logger.
  const logger: { current?: FastifyBaseLogger } = {};
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    ...config.databasePool,
    onIdleConnectionError: (error) => logger.current?.warn({ err: error }, 'PostgreSQL closed an idle connection'),
  });
  const app = await buildApp({ config, database, ownsDatabase: true });
  logger.current = app.log;

  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir ?? 'memory'}`;
  // Other instances may be starting on the same database: one at a time migrates and seeds.
  await whileHoldingStartupLock(database, { log: app.log }, async () => {
    const applied = await migrateToLatest(database.db);
    if (applied.length > 0) {
      app.log.info({ migrations: applied }, `Applied ${applied.length} migration${applied.length === 1 ? '' : 's'} (${where})`);
    } else {
      app.log.info(`The database schema is up to date (${where})`);
    }
    await seedAtStartup(database.db, {
      seedDemo: config.seedDemo,
      seedSize: config.seedSize,
      log: app.log,
      // The bench seed takes minutes; a terminal sees it move.
      progress: seedProgressLine(config.logFormat === 'pretty' ? process.stdout : { write: () => true }),
    });
    // Instances that disagree on a secret reject each other's tokens; PGlite has one instance.
    if (database.kind === 'postgres') {
      const { accepted } = await checkSharedSecrets(database.db, sharedSecretsOf(config), { acceptChange: config.acceptSecretChange, now: new Date() });
      if (accepted.length > 0) {
        app.log.warn(
          `Recorded a changed ${accepted.join(', ')} (ACCEPT_SECRET_CHANGE): instances still on the old value refuse to start; remove the setting once all run the new one`,
        );
      }
    }
  });

  if (config.auth.smsOutboxFile) {
    app.log.info(`Local demo: texts (sign-in codes too) are printed here and appended to ${config.auth.smsOutboxFile}`);
  }
  if (config.notifications.whatsappOutboxFile) {
    app.log.info(`Local demo: WhatsApp messages are printed here and appended to ${config.notifications.whatsappOutboxFile}`);
  }
  if (config.testingRoutes) app.log.warn('TESTING_ROUTES=on: /v1/testing/clock moves the app clock for anyone who asks (end-to-end tests only)');
  // Sessions up to the horizon exist before the first request is served; after that the task
  // sweeps again only when the IST date changes or an hour has passed.
  const startedGenerating = Date.now();
  const generated = await app.background.generateSessions.run();
  app.log.info(
    { sessions: generated, ms: Date.now() - startedGenerating },
    `Class sessions ready for the next weeks (${generated?.created ?? 0} new, for ${generated?.batches ?? 0} batches)`,
  );
  // On PostgreSQL other instances may share the database: each task runs on one of them per tick.
  // PGlite is one process, and a lease left by a crash would only hold its tasks back after a restart.
  const leases = database.kind === 'postgres' ? createTaskLeases(database.db) : undefined;
  const background = startBackgroundWork(app.background.tasks, BACKGROUND_INTERVAL_MS, app.log, leases, app.background.passLock);
  // preClose runs before the database plugin's onClose, so a pass in progress finishes first.
  app.addHook('preClose', async () => background.stop());

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

  await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: (address) => `Kalike API (${database.kind}) listening on ${address}; OpenAPI at ${address}/v1/openapi.json`,
  });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof SecretMismatchError) {
    console.error(error.message);
  } else {
    console.error('Kalike API failed to start:', error);
  }
  process.exit(1);
});
