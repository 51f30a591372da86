import { sql, type Kysely } from 'kysely';

/**
 * The feed of public page changes: one row per teacher whose public page a committed write
 * changed, read by the web origins to purge the pages they keep rendered. `tx` is the writing
 * transaction's id, and readers order by it: an identity number is drawn before commit, so a
 * later number can commit first, while every transaction older than the oldest one still
 * running has ended (pg_snapshot_xmin), so nothing older than that can still appear.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // No foreign key to teachers: the change of a teacher who is later removed must still reach the caches.
  await sql`
    create table public_page_changes (
      id bigint generated always as identity primary key,
      teacher_id uuid not null,
      teacher_slug text not null,
      -- The full transaction id (xid8, which never wraps around), as a number.
      tx bigint not null default (pg_current_xact_id()::text::bigint),
      changed_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index public_page_changes_tx_idx on public_page_changes (tx, id)`.execute(db);
  await sql`create index public_page_changes_changed_at_idx on public_page_changes (changed_at)`.execute(db);

  // The newest transaction whose changes pruning removed: a cursor older than it may have missed some.
  await sql`
    create table public_page_change_retention (
      only_row boolean primary key default true check (only_row),
      pruned_through bigint not null default 0
    )`.execute(db);
  await sql`insert into public_page_change_retention default values`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists public_page_change_retention, public_page_changes`.execute(db);
}
