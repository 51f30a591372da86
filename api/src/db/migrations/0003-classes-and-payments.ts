import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table programs (
      id uuid primary key default gen_random_uuid(),
      listing_id uuid not null references teacher_listings (id) on delete cascade,
      name text not null,
      level text not null check (level in ('beginner', 'intermediate', 'advanced', 'all_levels')),
      description text not null
    )`.execute(db);
  await sql`create index programs_listing_id_idx on programs (listing_id)`.execute(db);

  // Where a batch meets is one of three shapes; the check keeps the columns consistent with it.
  await sql`
    create table batches (
      id uuid primary key default gen_random_uuid(),
      program_id uuid not null references programs (id) on delete cascade,
      name text not null,
      days_of_week smallint[] not null check (cardinality(days_of_week) > 0 and days_of_week <@ '{1,2,3,4,5,6,7}'::smallint[]),
      start_time time not null,
      end_time time not null check (end_time > start_time),
      starts_on date not null,
      capacity integer not null check (capacity > 0),
      seats_taken integer not null default 0 check (seats_taken >= 0 and seats_taken <= capacity),
      place text not null check (place in ('apartment', 'locality', 'online')),
      apartment_id uuid references apartments (id),
      locality_id uuid references localities (id),
      check (
        (place = 'apartment' and apartment_id is not null)
        or (place = 'locality' and locality_id is not null and apartment_id is null)
        or (place = 'online' and apartment_id is null and locality_id is null)
      )
    )`.execute(db);
  await sql`create index batches_program_id_idx on batches (program_id)`.execute(db);

  await sql`
    create table class_pack_plans (
      id uuid primary key default gen_random_uuid(),
      batch_id uuid not null references batches (id) on delete cascade,
      name text not null,
      classes_count integer not null check (classes_count > 0),
      price_paise integer not null check (price_paise >= 0),
      validity_days integer not null check (validity_days > 0)
    )`.execute(db);
  await sql`create index class_pack_plans_batch_id_idx on class_pack_plans (batch_id)`.execute(db);

  await sql`
    create table class_sessions (
      id uuid primary key default gen_random_uuid(),
      batch_id uuid not null references batches (id) on delete cascade,
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      status text not null default 'scheduled' check (status in ('scheduled', 'cancelled', 'completed')),
      check (ends_at > starts_at)
    )`.execute(db);
  await sql`create index class_sessions_batch_id_starts_at_idx on class_sessions (batch_id, starts_at)`.execute(db);

  await sql`
    create table payment_requests (
      id uuid primary key default gen_random_uuid(),
      batch_id uuid not null references batches (id),
      teacher_id uuid not null references teachers (id),
      learner_name text not null,
      learner_phone text not null,
      student_name text not null,
      description text not null,
      amount_paise integer not null check (amount_paise > 0),
      status text not null default 'open' check (status in ('open', 'completed', 'cancelled')),
      due_on date not null,
      created_at timestamptz not null default now(),
      completed_at timestamptz,
      check ((status = 'completed') = (completed_at is not null))
    )`.execute(db);
  await sql`create index payment_requests_teacher_id_idx on payment_requests (teacher_id, created_at desc)`.execute(db);
  await sql`create index payment_requests_batch_id_idx on payment_requests (batch_id)`.execute(db);

  await sql`
    create table class_updates (
      id uuid primary key default gen_random_uuid(),
      teacher_id uuid not null references teachers (id) on delete cascade,
      batch_id uuid references batches (id) on delete set null,
      locality_id uuid references localities (id),
      kind text not null check (kind in ('new_batch', 'schedule_change', 'holiday', 'event', 'achievement')),
      title text not null,
      body text not null,
      published_at timestamptz not null
    )`.execute(db);
  // Both indexes match the feed's keyset order exactly, so each page is an index range scan.
  await sql`create index class_updates_feed_idx on class_updates (published_at desc, id desc)`.execute(db);
  await sql`create index class_updates_locality_feed_idx on class_updates (locality_id, published_at desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists class_updates, payment_requests, class_sessions, class_pack_plans, batches, programs`.execute(db);
}
