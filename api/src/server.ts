import type { FastifyBaseLogger } from 'fastify';
import { mkdirSync } from 'node:fs';
import { buildApp } from './app';
import { startBackgroundWork } from './background-work';
import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrations';
import { isDatabaseEmpty, seedDatabase, todayInBengaluru } from './db/seed/seed-database';
import { describeSeedSummary, seedProgressLine } from './db/seed/seed-progress';
import { createEnquiriesRepository } from './modules/enquiries/enquiries.repository';
import { createEnquiriesService } from './modules/enquiries/enquiries.service';
import { createMessageRelay } from './modules/messaging/message-relay';
import { createSessionGeneration, sessionGenerationTask } from './modules/sessions/session-generation';
import { createSessionsRepository } from './modules/sessions/sessions.repository';
import { createSmsSender } from './modules/sms/sms-sender';

/** How often overdue enquiries and orders are expired and pending text messages sent. */
const BACKGROUND_INTERVAL_MS = 5_000;

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl && config.dataDir) mkdirSync(config.dataDir, { recursive: true });
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
  const applied = await migrateToLatest(database.db);
  if (applied.length > 0) {
    app.log.info({ migrations: applied }, `Applied ${applied.length} migration${applied.length === 1 ? '' : 's'} (${where})`);
  } else {
    app.log.info(`The database schema is up to date (${where})`);
  }
  if (await isDatabaseEmpty(database.db)) {
    const started = Date.now();
    app.log.info(`Seeding the empty database with the "${config.seedSize}" demo catalogue…`);
    // The bench seed takes minutes; a terminal sees it move.
    const progress = config.logFormat === 'pretty' ? seedProgressLine(process.stdout) : seedProgressLine({ write: () => true });
    const summary = await seedDatabase(database.db, { size: config.seedSize, anchorDate: todayInBengaluru(), onProgress: progress.onProgress }).finally(
      progress.done,
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    app.log.info({ summary, ms: Date.now() - started }, `Seeded in ${seconds} s: ${describeSeedSummary(summary)}`);
  } else {
    app.log.info('Using the data already in the database');
  }

  const enquiries = createEnquiriesService({ repository: createEnquiriesRepository(database.db), now: app.auth.now });
  const relay = createMessageRelay(database.db, createSmsSender(database.db, config.auth.smsProvider), app.auth.now);
  // Sessions up to the horizon exist before the first request is served; after that the task
  // sweeps again only when the IST date changes or an hour has passed.
  const generateSessions = sessionGenerationTask(
    createSessionGeneration({ repository: createSessionsRepository(database.db), now: app.auth.now }),
    app.auth.now,
  );
  const startedGenerating = Date.now();
  const generated = await generateSessions.run();
  app.log.info(
    { sessions: generated, ms: Date.now() - startedGenerating },
    `Class sessions ready for the next weeks (${generated?.created ?? 0} new, for ${generated?.batches ?? 0} batches)`,
  );
  const background = startBackgroundWork(
    [
      // Expiry first: the learner's "expired" text then goes out in the same pass.
      { name: 'expire-enquiries', run: () => enquiries.expireOverdue(app.auth.now()) },
      { name: 'deliver-messages', run: () => relay.deliverDue() },
      // Orders nobody paid within their window; their pending class packs lapse with them.
      { name: 'expire-orders', run: () => app.payments.orders.expireLapsed(app.auth.now()) },
      generateSessions,
    ],
    BACKGROUND_INTERVAL_MS,
    app.log,
  );
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
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Kalike API failed to start:', error);
  }
  process.exit(1);
});
