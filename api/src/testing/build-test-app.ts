import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../app';
import type { IntegrationsConfig, SeedSize } from '../config';
import { createDatabase, type DatabaseHandle } from '../db/database';
import { migrateToLatest } from '../db/migrations';
import type { Database } from '../db/schema';
import { seedDatabase } from '../db/seed/seed-database';

/** Fixed so assertions about seeded dates and counts never drift with the calendar. */
export const TEST_ANCHOR_DATE = '2025-06-02';

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export interface TestDatabase {
  database: DatabaseHandle;
  /**
   * Another connection pool to the same database, as a second API instance would have (closed
   * with the database). PGlite lives in one process, so there it is the same handle.
   */
  openAnotherPool(): Promise<DatabaseHandle>;
  close(): Promise<void>;
}

async function withAdminClient<T>(databaseUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database: PGlite in memory, or, when DATABASE_URL is set, a new database on
 * that server that is dropped again on close, so parallel test files never see each other. With
 * `copyOf`, the new PostgreSQL database starts as a copy of that one (a prepared template).
 */
export async function createTestDatabase({ copyOf }: { copyOf?: string } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await createDatabase({});
    return { database, openAnotherPool: async () => database, close: () => database.close() };
  }

  const name = `kalike_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(copyOf ? `create database ${name} template ${copyOf}` : `create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ databaseUrl: url.toString(), maxConnections: 4 });
  const others: DatabaseHandle[] = [];
  return {
    database,
    openAnotherPool: async () => {
      const other = await createDatabase({ databaseUrl: url.toString(), maxConnections: 4 });
      others.push(other);
      return other;
    },
    close: async () => {
      await Promise.all(others.map((other) => other.close()));
      await database.close();
      await withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

export interface BuildTestAppOptions {
  /** Defaults to true: the small deterministic `test` seed. */
  seed?: boolean;
  /** Which seed to write when seeding; the larger `standard` seed holds every category many times over. */
  seedSize?: SeedSize;
  /** Runs before app.ready(), e.g. to register routes that exercise cross-cutting plugins. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** Auth settings over the defaults (generated secret; the local outbox SMS, without its file). */
  auth?: BuildAppOptions['config']['auth'];
  /** Clock for auth decisions, so tests move time instead of sleeping. */
  now?: () => Date;
  /** Payment gateway settings over the defaults (the sandbox with a generated secret). */
  payments?: BuildAppOptions['config']['payments'];
  /** WhatsApp and push settings over the defaults (the local outbox without its file, generated VAPID keys). */
  notifications?: BuildAppOptions['config']['notifications'];
  /** A recording push sender, so tests see what would be pushed. */
  pushSender?: BuildAppOptions['pushSender'];
  /** `/v1/testing/*` and the clock they move. */
  testingRoutes?: boolean;
  /** Google geocoding, the admin key, the site URL, the marketplace cache; the defaults otherwise. */
  integrations?: Partial<IntegrationsConfig>;
  /** Which proxies in front of the API to believe about the client's address; none by default. */
  trustProxy?: BuildAppOptions['config']['trustProxy'];
  /**
   * Route limits. None by default: a test file sends hundreds of calls from one address in
   * seconds; tests of the limits pass `{ limits: routeLimits }` or their own table.
   */
  rateLimits?: BuildAppOptions['rateLimits'];
  /** Writes the app's JSON log lines, every request's included, to this stream (none by default). */
  logTo?: NodeJS.WritableStream;
}

/** An app as buildTestApp makes it, over a database the caller prepared (several instances on one database). */
export async function buildTestAppOn(database: DatabaseHandle, options: Omit<BuildTestAppOptions, 'seed' | 'seedSize'> = {}): Promise<FastifyInstance> {
  const app = await buildApp({
    config: {
      corsOrigins: ['http://localhost:4000'],
      ...(options.logTo ? { logLevel: 'info', logFormat: 'json', logRequests: true } : { logLevel: 'silent' }),
      auth: options.auth,
      payments: options.payments,
      notifications: options.notifications,
      testingRoutes: options.testingRoutes,
      ...options.integrations,
      ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
    },
    database,
    rateLimits: options.rateLimits ?? { limits: {} },
    ...(options.pushSender ? { pushSender: options.pushSender } : {}),
    ...(options.now ? { now: options.now } : {}),
    ...(options.logTo ? { logDestination: options.logTo } : {}),
  });
  try {
    await options.beforeReady?.(app);
    await app.ready();
  } catch (error) {
    // An app that failed to start still holds what buildApp opened (the cache listener's own
    // connection); it must let go before the test's database is dropped under it.
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}

/**
 * The database a test file starts from, prepared once per test run: building an empty cluster,
 * migrating and seeding it took seconds per file; loading a dump of the result (PGlite) or
 * copying a template database (PostgreSQL) takes a fraction of that. The jest run's global
 * setup names the folder (and removes it, and the templates, afterwards); without it every file
 * builds its own as before. Only the two common starting points are kept: migrated, and
 * migrated with the `test` seed.
 */
interface Template {
  /** The PGlite dump. */
  file: string;
  /** PostgreSQL: the template database, and the file that says it is complete. */
  database: string;
  ready: string;
  /** Taken by the one file that builds the PostgreSQL template. */
  lock: string;
}

function templateOf(options: BuildTestAppOptions): Template | undefined {
  const folder = process.env.KALIKE_TEST_DATABASE_TEMPLATES;
  if (!folder) return undefined;
  const name = options.seed === false ? 'migrated' : (options.seedSize ?? 'test') === 'test' ? 'seeded_test' : undefined;
  if (!name) return undefined;
  const run = path
    .basename(folder)
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase();
  return {
    file: path.join(folder, `${name}.tar`),
    database: `kalike_template_${run}_${name}`,
    ready: path.join(folder, `${name}.postgres-ready`),
    lock: path.join(folder, `${name}.postgres-lock`),
  };
}

async function migratedAndSeeded(database: DatabaseHandle, options: BuildTestAppOptions): Promise<void> {
  await migrateToLatest(database.db);
  if (options.seed !== false) await seedDatabase(database.db, { size: options.seedSize ?? 'test', anchorDate: TEST_ANCHOR_DATE });
}

/** Builds the PostgreSQL template once per run (the file that takes the lock); false if another file is building it. */
async function ensurePostgresTemplate(serverUrl: string, template: Template, options: BuildTestAppOptions): Promise<boolean> {
  if (existsSync(template.ready)) return true;
  try {
    closeSync(openSync(template.lock, 'wx'));
  } catch {
    return false;
  }
  await withAdminClient(serverUrl, (client) => client.query(`create database ${template.database}`));
  const url = new URL(serverUrl);
  url.pathname = `/${template.database}`;
  const database = await createDatabase({ databaseUrl: url.toString(), maxConnections: 1 });
  try {
    await migratedAndSeeded(database, options);
  } finally {
    // A template cannot be copied while anyone is connected to it.
    await database.close();
  }
  writeFileSync(template.ready, '');
  return true;
}

async function preparedDatabase(options: BuildTestAppOptions): Promise<Omit<TestDatabase, 'openAnotherPool'>> {
  const template = templateOf(options);
  const serverUrl = process.env.DATABASE_URL;
  if (template && serverUrl && (await ensurePostgresTemplate(serverUrl, template, options))) {
    return createTestDatabase({ copyOf: template.database });
  }
  if (template && !serverUrl && existsSync(template.file)) {
    const database = await createDatabase({ loadDataDir: new Blob([readFileSync(template.file)]) });
    return { database, close: () => database.close() };
  }
  const { database, close } = await createTestDatabase();
  try {
    await migratedAndSeeded(database, options);
    if (template && database.dumpDataDir) {
      // Written aside and renamed, so a file in another worker never reads half a dump.
      const partial = `${template.file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await (await database.dumpDataDir()).arrayBuffer()));
      renameSync(partial, template.file);
    }
    return { database, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export async function buildTestApp(options: BuildTestAppOptions = {}): Promise<TestApp> {
  const { database, close: closeDatabase } = await preparedDatabase(options);
  try {
    const app = await buildTestAppOn(database, options);
    return {
      app,
      db: database.db,
      database,
      close: async () => {
        await app.close();
        await closeDatabase();
      },
    };
  } catch (error) {
    await closeDatabase();
    throw error;
  }
}
