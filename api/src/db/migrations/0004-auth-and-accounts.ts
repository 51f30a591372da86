import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Holds the generated development signing secret when AUTH_SECRET is not configured, so
  // tokens survive restarts of a local PGlite database. Never used when AUTH_SECRET is set.
  await sql`
    create table auth_secrets (
      name text primary key,
      secret text not null,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table users (
      id uuid primary key default gen_random_uuid(),
      phone text not null unique check (phone ~ '^\\+91[6-9][0-9]{9}$'),
      user_type text not null check (user_type in ('Learner', 'Teacher')),
      teacher_id uuid unique references teachers (id) on delete set null,
      is_admin boolean not null default false,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table learner_accounts (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null unique references users (id) on delete cascade,
      name text not null default '',
      email text,
      completed_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table learner_locations (
      id uuid primary key default gen_random_uuid(),
      learner_account_id uuid not null references learner_accounts (id) on delete cascade,
      position smallint not null,
      label text not null,
      address text not null,
      lat double precision not null,
      lng double precision not null,
      pincode char(6) not null check (pincode ~ '^560[0-9]{3}$'),
      unique (learner_account_id, position)
    )`.execute(db);

  await sql`
    create table students (
      id uuid primary key default gen_random_uuid(),
      learner_account_id uuid not null references learner_accounts (id) on delete cascade,
      name text not null,
      date_of_birth date,
      grade text,
      school text,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index students_learner_account_id_idx on students (learner_account_id, created_at)`.execute(db);

  // One row per code sent: the rows double as the send counters for the rate limits, so the
  // limits hold across restarts and across API instances sharing one database.
  await sql`
    create table otp_requests (
      id uuid primary key default gen_random_uuid(),
      phone text not null,
      client_ip text not null,
      code_hash text not null,
      attempts integer not null default 0,
      expires_at timestamptz not null,
      consumed_at timestamptz,
      superseded_at timestamptz,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index otp_requests_phone_created_idx on otp_requests (phone, created_at desc)`.execute(db);
  await sql`create index otp_requests_ip_created_idx on otp_requests (client_ip, created_at desc)`.execute(db);

  await sql`
    create table sms_outbox (
      id uuid primary key default gen_random_uuid(),
      to_phone text not null,
      body text not null,
      created_at timestamptz not null default clock_timestamp()
    )`.execute(db);
  await sql`create index sms_outbox_to_phone_idx on sms_outbox (to_phone, created_at desc)`.execute(db);

  await sql`
    create table refresh_token_families (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      revoked_at timestamptz,
      revoked_reason text check (revoked_reason in ('logout', 'reuse'))
    )`.execute(db);
  await sql`create index refresh_token_families_user_id_idx on refresh_token_families (user_id)`.execute(db);

  await sql`
    create table refresh_tokens (
      id uuid primary key default gen_random_uuid(),
      family_id uuid not null references refresh_token_families (id) on delete cascade,
      token_hash text not null unique,
      created_at timestamptz not null,
      used_at timestamptz,
      replaced_by uuid references refresh_tokens (id),
      grace_replayed_at timestamptz
    )`.execute(db);
  await sql`create index refresh_tokens_family_id_idx on refresh_tokens (family_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table if exists refresh_tokens, refresh_token_families, sms_outbox, otp_requests, students,
      learner_locations, learner_accounts, users, auth_secrets`.execute(db);
}
