import { sql, type Kysely } from 'kysely';

/**
 * A person's data rights: each download of their data recorded (who, when, what it held), and
 * each account erasure recorded in an append-only log that names the phone only by a keyed
 * hash. An erased account keeps its row (payments, receipts and the teacher's books point at
 * it), its phone replaced by `erased:<32 hex>`, a value no sign-in can ever send a code to, so
 * the same number signing in again starts a new account.
 */
const mobileOrDemo = String.raw`^\+91([6-9][0-9]{9}|00000[0-9]{5})$`;
const erased = String.raw`^erased:[0-9a-f]{32}$`;
const phoneColumns = [
  ['users', 'phone'],
  ['payment_links', 'learner_phone'],
] as const;

async function recheckPhones(db: Kysely<unknown>, allowErased: boolean): Promise<void> {
  for (const [table, column] of phoneColumns) {
    const constraint = `${table}_${column}_check`;
    const check = allowErased
      ? sql`${sql.ref(column)} ~ ${sql.lit(mobileOrDemo)} or ${sql.ref(column)} ~ ${sql.lit(erased)}`
      : sql`${sql.ref(column)} ~ ${sql.lit(mobileOrDemo)}`;
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(constraint)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(constraint)} check (${check})`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await recheckPhones(db, true);
  await sql`alter table users add column erased_at timestamptz`.execute(db);
  await sql`alter table users add constraint users_erased_phone_check check ((erased_at is null) = (phone !~ ${sql.lit(erased)}))`.execute(db);
  await sql`
    create table data_exports (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id),
      role text not null check (role in ('Learner', 'Teacher')),
      rows_total integer not null check (rows_total >= 0),
      capped boolean not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index data_exports_user_idx on data_exports (user_id, created_at desc)`.execute(db);
  await sql`
    create table account_erasures (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null unique references users (id),
      phone_hash text not null check (phone_hash ~ '^[A-Za-z0-9_-]{43}$'),
      roles text[] not null,
      outcome jsonb not null,
      requested_at timestamptz not null
    )`.execute(db);
  // Append-only: the record of an erasure is proof it was done, so it is never changed or removed.
  await sql`
    create function account_erasures_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'account_erasures is append-only';
    end $$`.execute(db);
  await sql`
    create trigger account_erasures_append_only before update or delete on account_erasures
    for each row execute function account_erasures_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists account_erasures_append_only on account_erasures`.execute(db);
  await sql`drop function if exists account_erasures_append_only()`.execute(db);
  await sql`drop table if exists account_erasures`.execute(db);
  await sql`drop table if exists data_exports`.execute(db);
  await sql`alter table users drop constraint if exists users_erased_phone_check`.execute(db);
  await sql`alter table users drop column if exists erased_at`.execute(db);
  await recheckPhones(db, false);
}
