import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The teacher page and the sitemap need one canonical listing per teacher: the one in the
  // category the teacher signed up for. Existing rows take the category of their first listing.
  await sql`alter table teachers add column main_category_id uuid references categories (id)`.execute(db);
  await sql`
    update teachers t set main_category_id = (
      select l.category_id from teacher_listings l where l.teacher_id = t.id order by l.created_at, l.id limit 1
    )`.execute(db);

  // Filters the marketplace applies while walking the GiST index nearest-first. Kept on the
  // listing row so each candidate is judged without touching batches or badges: bit d-1 of
  // day_mask is ISO weekday d, time_mask is morning 1 / afternoon 2 / evening 4 (batch start in
  // IST), badge_mask is teacher_of_the_day 1 / super_teacher 2 / verified 4. Whoever writes
  // batches or badges recomputes them in the same transaction (db/listing-filters.ts).
  await sql`
    alter table teacher_listings
      add column day_mask smallint not null default 0,
      add column time_mask smallint not null default 0,
      add column badge_mask smallint not null default 0`.execute(db);
  await sql`
    update teacher_listings l set day_mask = f.day_mask, time_mask = f.time_mask
    from (
      select p.listing_id,
             bit_or(d.mask)::smallint as day_mask,
             bit_or(case when b.start_time < '12:00' then 1 when b.start_time < '16:00' then 2 else 4 end)::smallint as time_mask
      from programs p
      join batches b on b.program_id = p.id
      cross join lateral (select bit_or(1 << (day - 1)) as mask from unnest(b.days_of_week) as day) d
      group by p.listing_id
    ) f
    where f.listing_id = l.id`.execute(db);
  await sql`
    update teacher_listings l set badge_mask = f.badge_mask
    from (
      select teacher_id,
             bit_or(case badge when 'teacher_of_the_day' then 1 when 'super_teacher' then 2 else 4 end)::smallint as badge_mask
      from teacher_badges
      group by teacher_id
    ) f
    where f.teacher_id = l.teacher_id`.execute(db);
  // The rating and price sorts walk these in order instead of sorting every listing in the
  // radius; the teacher's rating is copied onto each listing so one index holds the sort key.
  await sql`alter table teacher_listings add column teacher_rating_avg numeric(3, 2) not null default 0`.execute(db);
  await sql`update teacher_listings l set teacher_rating_avg = t.rating_avg from teachers t where t.id = l.teacher_id`.execute(db);
  await sql`create index teacher_listings_rating_idx on teacher_listings (teacher_rating_avg desc) where is_active`.execute(db);
  await sql`create index teacher_listings_category_rating_idx on teacher_listings (category_id, teacher_rating_avg desc) where is_active`.execute(db);
  await sql`create index teacher_listings_price_idx on teacher_listings (price_from_paise) where is_active`.execute(db);
  await sql`create index teacher_listings_category_price_idx on teacher_listings (category_id, price_from_paise) where is_active`.execute(db);
  await sql`create index teacher_listings_apartment_id_idx on teacher_listings (apartment_id) where is_active and apartment_id is not null`.execute(db);

  // Nearest badge holders for the discover sections and badge filters: a KNN walk over all
  // listings would pass thousands of rows to find the one teacher of the day.
  for (const [name, bit] of [
    ['teacher_of_the_day', 1],
    ['super_teacher', 2],
    ['verified', 4],
  ] as const) {
    await sql`
      create index ${sql.raw(`teacher_listings_${name}_earth_idx`)} on teacher_listings
      using gist (ll_to_earth(lat, lng)) where is_active and (badge_mask & ${sql.lit(bit)}) <> 0`.execute(db);
  }

  // Search matches words, not the whole text: each typed word is matched, typos tolerated, against
  // the few hundred distinct words listings use (pg_trgm over a tiny table), and listings are
  // then found by exact word through a GIN index. Scoring word_similarity against every
  // listing's text instead costs seconds at 100,000 listings.
  await sql`
    alter table teacher_listings add column search_words text[]
      generated always as (regexp_split_to_array(lower(search_text), '[^[:alnum:]]+')) stored`.execute(db);
  await sql`create index teacher_listings_search_words_idx on teacher_listings using gin (search_words)`.execute(db);
  await sql`create table search_vocabulary (word text primary key)`.execute(db);
  // Statement triggers with transition tables see a whole bulk insert at once, so the seed's
  // 5,000-row inserts cost one vocabulary insert each. Words never leave the vocabulary: a
  // word no listing uses any more simply matches nothing.
  await sql`
    create function add_search_vocabulary() returns trigger language plpgsql as $$
    begin
      insert into search_vocabulary (word)
      select distinct w from changed_rows, unnest(changed_rows.search_words) as w where length(w) >= 3
      on conflict do nothing;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger teacher_listings_vocabulary_insert after insert on teacher_listings
    referencing new table as changed_rows for each statement execute function add_search_vocabulary()`.execute(db);
  await sql`
    create trigger teacher_listings_vocabulary_update after update on teacher_listings
    referencing new table as changed_rows for each statement execute function add_search_vocabulary()`.execute(db);
  await sql`
    insert into search_vocabulary (word)
    select distinct w from teacher_listings, unnest(search_words) as w where length(w) >= 3`.execute(db);

  await sql`
    create table shortlists (
      learner_account_id uuid not null references learner_accounts (id) on delete cascade,
      listing_id uuid not null references teacher_listings (id) on delete cascade,
      created_at timestamptz not null default clock_timestamp(),
      primary key (learner_account_id, listing_id)
    )`.execute(db);
  await sql`create index shortlists_listing_id_idx on shortlists (listing_id)`.execute(db);

  // Written reviews only. teachers.rating_avg/rating_count stay the aggregate of every rating,
  // including the many left without a comment, so they are not recomputed from this table.
  await sql`
    create table teacher_reviews (
      id uuid primary key default gen_random_uuid(),
      teacher_id uuid not null references teachers (id) on delete cascade,
      listing_id uuid not null references teacher_listings (id) on delete cascade,
      learner_account_id uuid references learner_accounts (id) on delete set null,
      author_name text not null,
      rating smallint not null check (rating between 1 and 5),
      comment text not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index teacher_reviews_teacher_id_created_idx on teacher_reviews (teacher_id, created_at desc)`.execute(db);
  await sql`create index teacher_reviews_listing_id_idx on teacher_reviews (listing_id)`.execute(db);

  // Demo classes walk upcoming sessions soonest first.
  await sql`create index class_sessions_scheduled_starts_at_idx on class_sessions (starts_at) where status = 'scheduled'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists class_sessions_scheduled_starts_at_idx`.execute(db);
  await sql`drop table if exists teacher_reviews, shortlists`.execute(db);
  await sql`drop trigger if exists teacher_listings_vocabulary_insert on teacher_listings`.execute(db);
  await sql`drop trigger if exists teacher_listings_vocabulary_update on teacher_listings`.execute(db);
  await sql`drop function if exists add_search_vocabulary()`.execute(db);
  await sql`drop table if exists search_vocabulary`.execute(db);
  await sql`alter table teacher_listings drop column if exists search_words`.execute(db);
  for (const name of ['teacher_of_the_day', 'super_teacher', 'verified']) {
    await sql`drop index if exists ${sql.raw(`teacher_listings_${name}_earth_idx`)}`.execute(db);
  }
  await sql`drop index if exists teacher_listings_apartment_id_idx`.execute(db);
  await sql`
    alter table teacher_listings drop column if exists day_mask, drop column if exists time_mask,
      drop column if exists badge_mask, drop column if exists teacher_rating_avg`.execute(db);
  await sql`alter table teachers drop column if exists main_category_id`.execute(db);
}
