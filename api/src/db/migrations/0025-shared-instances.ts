import { sql, type Kysely } from 'kysely';

/**
 * What several API instances on one database share so they behave as one: the owner of each
 * text message's claim (a relay marks only its own claims), one lease per background task,
 * the rate-limit counters, and a fingerprint of each secret every instance must agree on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table message_outbox add column claim_token uuid`.execute(db);

  await sql`
    create table task_leases (
      name text primary key,
      holder text not null,
      lease_until timestamptz not null
    )`.execute(db);

  await sql`
    create table rate_limit_counters (
      key text primary key,
      hits integer not null check (hits > 0),
      window_start timestamptz not null,
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index rate_limit_counters_expires_at_idx on rate_limit_counters (expires_at)`.execute(db);

  // An HMAC of a fixed label under each secret, never the secret or a plain hash of it.
  await sql`
    create table secret_fingerprints (
      setting text primary key,
      fingerprint text not null,
      recorded_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists secret_fingerprints, rate_limit_counters, task_leases`.execute(db);
  await sql`alter table message_outbox drop column if exists claim_token`.execute(db);
}
