import { sql, type Kysely } from 'kysely';

const badgeIndexes = [
  ['teacher_of_the_day', 1],
  ['super_teacher', 2],
  ['verified', 4],
] as const;

/**
 * Keeps each listing's point on the earth (the cube ll_to_earth builds) as a stored column.
 * ll_to_earth is a chain of SQL functions; on PGlite it costs tens of microseconds a call, and
 * the marketplace computed it for every candidate row (radius test, sort key), which dominated
 * searches that read a few thousand listings. The GiST indexes move onto the column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table teacher_listings add column earth earth generated always as (ll_to_earth(lat, lng)) stored`.execute(db);
  await sql`create index teacher_listings_earth_point_idx on teacher_listings using gist (earth)`.execute(db);
  for (const [name, bit] of badgeIndexes) {
    await sql`drop index if exists ${sql.raw(`teacher_listings_${name}_earth_idx`)}`.execute(db);
    await sql`
      create index ${sql.raw(`teacher_listings_${name}_point_idx`)} on teacher_listings
      using gist (earth) where is_active and (badge_mask & ${sql.lit(bit)}) <> 0`.execute(db);
  }
  await sql`drop index if exists teacher_listings_earth_idx`.execute(db);
  // A filled database gets statistics for the new column and indexes before the first query.
  await sql`analyze teacher_listings`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index teacher_listings_earth_idx on teacher_listings using gist (ll_to_earth(lat, lng))`.execute(db);
  for (const [name, bit] of badgeIndexes) {
    await sql`drop index if exists ${sql.raw(`teacher_listings_${name}_point_idx`)}`.execute(db);
    await sql`
      create index ${sql.raw(`teacher_listings_${name}_earth_idx`)} on teacher_listings
      using gist (ll_to_earth(lat, lng)) where is_active and (badge_mask & ${sql.lit(bit)}) <> 0`.execute(db);
  }
  await sql`drop index if exists teacher_listings_earth_point_idx`.execute(db);
  await sql`alter table teacher_listings drop column if exists earth`.execute(db);
}
