import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Per table, its row count and an md5 over every row in a stable order: two databases with
 * equal fingerprints hold the same data. Columns the database fills from the wall clock
 * (defaults of now(), and the flags payload's `date_updated`) differ on every run, so they are
 * left out.
 */
export async function tableFingerprints(db: Kysely<Database>): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
    order by table_name
  `.execute(db);
  const fingerprint: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const clockColumns = await sql<{ name: string }>`
      select column_name as name from information_schema.columns
      where table_schema = 'public' and table_name = ${name}
        and (column_default ilike '%now()%' or column_default ilike '%current_timestamp%' or column_name = 'date_updated')
    `.execute(db);
    const leftOut = clockColumns.rows.map((column) => column.name);
    const result = await sql<{ digest: string; rows: number }>`
      select md5(coalesce(string_agg(r.value, '|' order by r.value), '')) as digest, count(*)::int as rows
      from (select (to_jsonb(t) - ${leftOut}::text[])::text as value from ${sql.table(name)} t) r
    `.execute(db);
    const row = result.rows[0];
    fingerprint[name] = `${row?.rows}:${row?.digest}`;
  }
  return fingerprint;
}
