import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table localities (
      id uuid primary key default gen_random_uuid(),
      slug text not null unique,
      name text not null,
      pincode char(6) not null check (pincode ~ '^56[0-9]{4}$'),
      lat double precision not null,
      lng double precision not null
    )`.execute(db);

  await sql`
    create table apartments (
      id uuid primary key default gen_random_uuid(),
      slug text not null unique,
      name text not null,
      locality_id uuid not null references localities (id),
      pincode char(6) not null,
      lat double precision not null,
      lng double precision not null
    )`.execute(db);
  await sql`create index apartments_locality_id_idx on apartments (locality_id)`.execute(db);
  await sql`create index apartments_name_trgm_idx on apartments using gin (name gin_trgm_ops)`.execute(db);

  await sql`
    create table categories (
      id uuid primary key default gen_random_uuid(),
      slug text not null unique,
      name text not null,
      description text not null,
      icon text not null,
      sort_order integer not null
    )`.execute(db);

  await sql`
    create table teachers (
      id uuid primary key default gen_random_uuid(),
      slug text not null unique,
      name text not null,
      bio text not null,
      experience_years integer not null check (experience_years >= 0),
      photo_url text,
      phone text not null,
      languages text[] not null default '{}',
      rating_avg numeric(3, 2) not null default 0 check (rating_avg between 0 and 5),
      rating_count integer not null default 0 check (rating_count >= 0),
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table teacher_badges (
      teacher_id uuid not null references teachers (id) on delete cascade,
      badge text not null check (badge in ('super_teacher', 'verified', 'teacher_of_the_day')),
      granted_at timestamptz not null,
      reason text not null,
      primary key (teacher_id, badge)
    )`.execute(db);

  await sql`
    create table teacher_listings (
      id uuid primary key default gen_random_uuid(),
      teacher_id uuid not null references teachers (id) on delete cascade,
      category_id uuid not null references categories (id),
      title text not null,
      locality_id uuid not null references localities (id),
      apartment_id uuid references apartments (id),
      lat double precision not null,
      lng double precision not null,
      mode text not null check (mode in ('at_home', 'at_centre', 'online', 'apartment')),
      price_from_paise integer not null check (price_from_paise >= 0),
      age_min integer not null check (age_min >= 0),
      age_max integer not null,
      search_text text not null,
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      check (age_max >= age_min)
    )`.execute(db);
  await sql`create index teacher_listings_teacher_id_idx on teacher_listings (teacher_id)`.execute(db);
  await sql`create index teacher_listings_category_id_idx on teacher_listings (category_id) where is_active`.execute(db);
  await sql`create index teacher_listings_earth_idx on teacher_listings using gist (ll_to_earth(lat, lng))`.execute(db);
  await sql`create index teacher_listings_search_trgm_idx on teacher_listings using gin (search_text gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists teacher_listings, teacher_badges, teachers, categories, apartments, localities`.execute(db);
}
