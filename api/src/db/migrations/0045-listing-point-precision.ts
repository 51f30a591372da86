import { sql, type Kysely } from 'kysely';

/**
 * Whether a listing's point is only its locality's centre (a centre placed there, a home tutor's
 * locality, a listing with no in-person batch), so distances from it are shown rounded, never as
 * "10 m away". Kept by refreshListingSummary; existing listings on a locality's centre are marked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table teacher_listings add column point_precision text not null default 'exact'
              constraint teacher_listings_point_precision_check check (point_precision in ('exact', 'locality'))`.execute(db);
  await sql`update teacher_listings l set point_precision = 'locality'
            where exists (select 1 from localities lo where lo.lat = l.lat and lo.lng = l.lng)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table teacher_listings drop column if exists point_precision`.execute(db);
}
