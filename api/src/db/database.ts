import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseOptions {
  /** When set, connect to PostgreSQL; otherwise use PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data folder; undefined keeps the database in memory. */
  dataDir?: string | undefined;
  /** PGlite only: start from this dump of a data folder (`dumpDataDir`) instead of an empty cluster. */
  loadDataDir?: Blob | undefined;
  /** Told about idle PostgreSQL connections the server closed (the server logs them). */
  onIdleConnectionError?: (error: Error) => void;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /** How long a query waits for a free PostgreSQL connection before it fails (0: for ever). */
  acquireTimeoutMs?: number;
  /** PostgreSQL's statement_timeout for every connection of the pool (0: none). */
  statementTimeoutMs?: number;
}

/**
 * Whether the database refused work because it was saturated: no connection came free within
 * the pool's acquire time-out, or a statement (or a lock wait) ran past the statement time-out.
 */
export function isDatabaseBusyError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // 57014 query_canceled: statement_timeout.
  if ((error as { code?: unknown }).code === '57014') return true;
  return error.message === 'timeout exceeded when trying to connect';
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /**
   * PostgreSQL only: a connection of its own, outside the pool and its statement time-out, for
   * what holds a connection for long (a session lock, LISTEN). The caller ends it.
   */
  openDedicatedClient?: () => Promise<pg.Client>;
  /** PGlite only: the whole data folder as an uncompressed tar, to start another database from. */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.maxConnections ?? 10,
      connectionTimeoutMillis: options.acquireTimeoutMs ?? 0,
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    });
    // An idle connection the server ends (restart, failover, a forced drop) must not crash
    // the process: the pool discards it and opens a new one for the next query.
    pool.on('error', (error) => {
      options.onIdleConnectionError?.(error);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const openDedicatedClient = async () => {
      const client = new pg.Client({ connectionString: options.databaseUrl });
      await client.connect();
      return client;
    };
    return { db, kind: 'postgres', openDedicatedClient, close: () => db.destroy() };
  }

  // The extensions must be loaded into the wasm instance up front; `create extension`
  // in the migrations then works exactly as on a real server.
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { btree_gist, cube, earthdistance, pg_trgm },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    kind: 'pglite',
    dumpDataDir: () => pglite.dumpDataDir('none'),
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
