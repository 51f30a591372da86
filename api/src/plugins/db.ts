import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DatabaseHandle, DatabaseKind } from '../db/database';
import type { Database } from '../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    databaseKind: DatabaseKind;
  }
}

export interface DbPluginOptions {
  database: DatabaseHandle;
  /** Close the database with the app; off when the caller owns its lifetime (tests, CLI). */
  closeOnShutdown: boolean;
}

export default fp<DbPluginOptions>(
  async (app: FastifyInstance, { database, closeOnShutdown }) => {
    app.decorate('db', database.db);
    app.decorate('databaseKind', database.kind);
    if (closeOnShutdown) app.addHook('onClose', async () => database.close());
  },
  { name: 'db' },
);
