import { sql, type Kysely } from 'kysely';

/**
 * Listings written by teachers are reviewed before learners see them
 * (shared/src/domain/listing-review-lifecycle.ts). Listings that exist already are live; a new
 * row starts as a draft. `is_active` stays the one switch every learner query reads, and the
 * check keeps it from ever showing a listing that is not live.
 *
 * `listing_changes` holds a change to a live listing's price or place until an admin decides:
 * learners keep seeing the approved values meanwhile.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table teacher_listings
      add column review_state text not null default 'live'
        check (review_state in ('draft', 'in_review', 'sent_back', 'live')),
      add column review_note text,
      add column submitted_at timestamptz,
      add column reviewed_at timestamptz,
      add column updated_at timestamptz not null default now()`.execute(db);
  await sql`alter table teacher_listings alter column review_state set default 'draft'`.execute(db);
  await sql`alter table teacher_listings add constraint teacher_listings_live_check check (not is_active or review_state = 'live')`.execute(db);
  await sql`create index teacher_listings_review_queue on teacher_listings (submitted_at) where review_state = 'in_review'`.execute(db);

  await sql`
    create table listing_changes (
      id uuid primary key default gen_random_uuid(),
      listing_id uuid not null references teacher_listings (id) on delete cascade,
      kind text not null check (kind in ('plan_price', 'batch_place', 'listing_place')),
      -- the plan or batch changed; null for the listing's own place
      target_id uuid,
      proposed jsonb not null,
      status text not null default 'pending' check (status in ('pending', 'approved', 'sent_back', 'withdrawn')),
      note text,
      created_at timestamptz not null default now(),
      decided_at timestamptz,
      decided_by uuid references users (id) on delete set null,
      check ((status = 'pending') = (decided_at is null))
    )`.execute(db);
  // One pending change per thing changed: a second edit replaces the first.
  await sql`create unique index listing_changes_one_pending on listing_changes (listing_id, kind, coalesce(target_id, listing_id)) where status = 'pending'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists listing_changes`.execute(db);
  await sql`drop index if exists teacher_listings_review_queue`.execute(db);
  await sql`alter table teacher_listings drop constraint if exists teacher_listings_live_check`.execute(db);
  await sql`
    alter table teacher_listings
      drop column if exists updated_at, drop column if exists reviewed_at, drop column if exists submitted_at,
      drop column if exists review_note, drop column if exists review_state`.execute(db);
}
