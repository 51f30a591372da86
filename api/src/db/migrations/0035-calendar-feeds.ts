import { sql, type Kysely } from 'kysely';

/**
 * Private calendar feeds, booked demo classes, and when each session was written.
 *
 * A feed is read by calendar apps without signing in, so its token is the only secret. The token
 * is the server's keyed hash (HMAC) of a random nonce (256 bits) kept here, so the person's page
 * can show the link again while the table alone does not give it away; a feed is found by the
 * token's SHA-256.
 * A demo the family books is a seat in one session, kept apart from the batch's places (no pack,
 * no ledger), so the schedules, the register and the feed can list it beside the enrolled students.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table calendar_feeds (
      id uuid primary key default gen_random_uuid(),
      token_nonce text not null,
      token_hash text not null unique,
      owner_user_id uuid not null references users (id) on delete cascade,
      audience text not null check (audience in ('learner', 'teacher')),
      created_at timestamptz not null,
      revoked_at timestamptz
    )`.execute(db);
  // At most one live feed per person and audience: "get or create" answers the same link.
  await sql`create unique index calendar_feeds_live_idx on calendar_feeds (owner_user_id, audience) where revoked_at is null`.execute(db);

  await sql`
    create table demo_bookings (
      id uuid primary key default gen_random_uuid(),
      session_id uuid not null references class_sessions (id) on delete cascade,
      enquiry_id uuid not null unique references enquiries (id) on delete cascade,
      learner_account_id uuid not null references learner_accounts (id) on delete cascade,
      student_id uuid references students (id) on delete set null,
      booked_at timestamptz not null,
      cancelled_at timestamptz
    )`.execute(db);
  // Demos booked before this table: the enquiry still names the session.
  await sql`
    insert into demo_bookings (session_id, enquiry_id, learner_account_id, student_id, booked_at)
    select offer_session_id, id, learner_account_id, student_id, updated_at from enquiries
    where state = 'demo_booked' and offer_kind = 'demo' and offer_session_id is not null`.execute(db);
  await sql`create index demo_bookings_session_idx on demo_bookings (session_id) where cancelled_at is null`.execute(db);
  await sql`create index demo_bookings_learner_idx on demo_bookings (learner_account_id) where cancelled_at is null`.execute(db);

  // LAST-MODIFIED of a feed's event: a session is written once and changes only when cancelled.
  await sql`alter table class_sessions add column created_at timestamptz not null default now()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table class_sessions drop column if exists created_at`.execute(db);
  await sql`drop table if exists demo_bookings, calendar_feeds`.execute(db);
}
