import { sql, type Kysely } from 'kysely';
import { earthRadiusMetres } from '@kalike/shared/format/distance';
import type { Database } from '../db/schema';

export interface Point {
  lat: number;
  lng: number;
}

/** Great-circle distance written independently of the API, for checking its order and figures. */
export function haversineMetres(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * earthRadiusMetres * Math.asin(Math.sqrt(h));
}

/** A listing as the database knows it, with its batches' days and start times read from batches. */
export interface ListingFact {
  id: string;
  teacherId: string;
  categorySlug: string;
  mode: string;
  lat: number;
  lng: number;
  pricePaise: number;
  ageMin: number;
  ageMax: number;
  rating: number;
  searchText: string;
  apartmentId: string | null;
  days: Set<number>;
  startTimes: string[];
  badges: Set<string>;
}

/** Every active listing, read straight from the tables (not through the masks the API uses). */
export async function activeListingFacts(db: Kysely<Database>): Promise<ListingFact[]> {
  const listings = await db
    .selectFrom('teacher_listings as l')
    .innerJoin('categories as c', 'c.id', 'l.category_id')
    .innerJoin('teachers as t', 't.id', 'l.teacher_id')
    .select([
      'l.id',
      'l.teacher_id',
      'c.slug',
      'l.mode',
      'l.lat',
      'l.lng',
      'l.price_from_paise',
      'l.age_min',
      'l.age_max',
      sql<number>`t.rating_avg::float8`.as('rating'),
      'l.search_text',
      'l.apartment_id',
    ])
    .where('l.is_active', '=', true)
    .execute();
  const batches = await sql<{ listing_id: string; days: number[]; start: string }>`
    select p.listing_id, b.days_of_week::int[] as days, to_char(b.start_time, 'HH24:MI') as start
    from batches b join programs p on p.id = b.program_id
  `.execute(db);
  const badges = await db.selectFrom('teacher_badges').select(['teacher_id', 'badge']).execute();
  return listings.map((row) => {
    const own = batches.rows.filter((batch) => batch.listing_id === row.id);
    return {
      id: row.id,
      teacherId: row.teacher_id,
      categorySlug: row.slug,
      mode: row.mode,
      lat: row.lat,
      lng: row.lng,
      pricePaise: row.price_from_paise,
      ageMin: row.age_min,
      ageMax: row.age_max,
      rating: Number(row.rating),
      searchText: row.search_text,
      apartmentId: row.apartment_id,
      days: new Set(own.flatMap((batch) => batch.days.map(Number))),
      startTimes: own.map((batch) => batch.start),
      badges: new Set(badges.filter((badge) => badge.teacher_id === row.teacher_id).map((badge) => badge.badge)),
    };
  });
}

export function timeOfDay(start: string): 'morning' | 'afternoon' | 'evening' {
  return start < '12:00' ? 'morning' : start < '16:00' ? 'afternoon' : 'evening';
}

/**
 * The "nearest first" order written independently of the API: in-person listings by distance
 * from the point (then id), then online ones, which have no distance, best rated first.
 */
export function nearestFirstFrom(point: Point): (a: ListingFact, b: ListingFact) => number {
  const online = (fact: ListingFact) => (fact.mode === 'online' ? 1 : 0);
  return (a, b) =>
    online(a) - online(b) || (online(a) ? b.rating - a.rating : 0) || haversineMetres(point, a) - haversineMetres(point, b) || (a.id < b.id ? -1 : 1);
}
