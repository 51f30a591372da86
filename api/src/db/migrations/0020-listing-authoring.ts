import { sql, type Kysely } from 'kysely';

/**
 * Teachers write their own listings (docs/teacher-workspace.md, "Listing a class"):
 * - a listing has an "about" text and the locality its teacher is based in;
 * - a program has the ages it is for and how it is taught;
 * - a batch at the teacher's centre keeps the existing `locality` place with the centre's
 *   address and point; a new `learner_home` place is the learner's home within a radius of a
 *   locality. Readers that only knew apartment / locality / online keep working: a centre is
 *   still a `locality` batch, and a learner_home batch names its locality like one.
 * - batches and programs remember when they were added, so a listing's first in-person batch
 *   (the point learners find it near) is well defined.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table teacher_listings add column about text not null default ''`.execute(db);
  // Where the teacher is based, chosen by them; locality_id / lat / lng are the point learners
  // find the listing near, recomputed from its first in-person batch (db/listing-filters.ts).
  // Null on listings written before (the seed's): their locality_id is where they are based.
  await sql`alter table teacher_listings add column base_locality_id uuid references localities (id)`.execute(db);
  await sql`
    alter table programs
      add column age_min integer check (age_min between 1 and 99),
      add column age_max integer check (age_max between 1 and 99),
      add column mode text check (mode in ('at_home', 'at_centre', 'online', 'apartment')),
      add column created_at timestamptz not null default now(),
      add constraint programs_ages_check check (age_min is null or age_max is null or age_max >= age_min)`.execute(db);
  await sql`
    alter table batches
      add column centre_address text,
      add column centre_lat double precision,
      add column centre_lng double precision,
      add column radius_km integer check (radius_km between 1 and 15),
      add column created_at timestamptz not null default now()`.execute(db);
  // The place checks of 0003 were named by PostgreSQL; find them by what they check.
  const placeChecks = await sql<{ conname: string }>`
    select conname from pg_constraint
    where conrelid = 'batches'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%''apartment''%'`.execute(db);
  for (const { conname } of placeChecks.rows) {
    await sql`alter table batches drop constraint ${sql.id(conname)}`.execute(db);
  }
  await sql`
    alter table batches
      add constraint batches_place_kind_check check (place in ('apartment', 'locality', 'learner_home', 'online')),
      add constraint batches_place_shape_check check (
        (place = 'apartment' and apartment_id is not null and radius_km is null and centre_address is null)
        or (place = 'locality' and locality_id is not null and apartment_id is null and radius_km is null)
        or (place = 'learner_home' and locality_id is not null and apartment_id is null and radius_km is not null and centre_address is null)
        or (place = 'online' and apartment_id is null and locality_id is null and radius_km is null and centre_address is null)
      ),
      add constraint batches_centre_point_check check ((centre_lat is null) = (centre_lng is null) and (centre_address is null or centre_lat is not null))`.execute(
    db,
  );
  await sql`alter table class_pack_plans add column created_at timestamptz not null default now()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table class_pack_plans drop column if exists created_at`.execute(db);
  await sql`delete from batches where place = 'learner_home'`.execute(db);
  await sql`
    alter table batches
      drop constraint if exists batches_centre_point_check,
      drop constraint if exists batches_place_shape_check,
      drop constraint if exists batches_place_kind_check,
      drop column if exists created_at, drop column if exists radius_km,
      drop column if exists centre_lng, drop column if exists centre_lat, drop column if exists centre_address`.execute(db);
  await sql`
    alter table batches
      add constraint batches_place_check check (place in ('apartment', 'locality', 'online')),
      add constraint batches_place_shape_0003_check check (
        (place = 'apartment' and apartment_id is not null)
        or (place = 'locality' and locality_id is not null and apartment_id is null)
        or (place = 'online' and apartment_id is null and locality_id is null)
      )`.execute(db);
  await sql`
    alter table programs
      drop constraint if exists programs_ages_check,
      drop column if exists created_at, drop column if exists mode, drop column if exists age_max, drop column if exists age_min`.execute(db);
  await sql`alter table teacher_listings drop column if exists base_locality_id, drop column if exists about`.execute(db);
}
