import { sql, type Kysely } from 'kysely';

// earthdistance depends on cube; pg_trgm backs the listing search index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists cube`.execute(db);
  await sql`create extension if not exists earthdistance`.execute(db);
  await sql`create extension if not exists pg_trgm`.execute(db);
}

export async function down(): Promise<void> {
  // Extensions may be shared with other schemas in the same database; leave them.
}
