import { sql, type Kysely } from 'kysely';
import type { Database, ListingMode } from '../../db/schema';

export interface NearbyListingRow {
  id: string;
  title: string;
  mode: ListingMode;
  price_from_paise: number;
  distance_m: number;
}

export interface NearbyQuery {
  lat: number;
  lng: number;
  radiusM: number;
  limit: number;
  categoryId?: string;
}

export function createListingsRepository(db: Kysely<Database>) {
  return {
    /**
     * The earth_box containment is what the GiST index on ll_to_earth(lat, lng) can answer;
     * the exact earth_distance filter then trims the box's corners. Ordering by the cube `<->`
     * (straight-line) distance, which ranks points exactly like the great-circle distance, lets
     * the same index return rows nearest-first instead of sorting every match in the box.
     */
    findNearby(query: NearbyQuery): Promise<NearbyListingRow[]> {
      const origin = sql`ll_to_earth(${query.lat}::float8, ${query.lng}::float8)`;
      const distance = sql<number>`earth_distance(${origin}, ll_to_earth(l.lat, l.lng))`;
      let select = db
        .selectFrom('teacher_listings as l')
        .select(['l.id', 'l.title', 'l.mode', 'l.price_from_paise', distance.as('distance_m')])
        .where('l.is_active', '=', true)
        .where(sql<boolean>`earth_box(${origin}, ${query.radiusM}::float8) @> ll_to_earth(l.lat, l.lng)`)
        .where(sql<boolean>`${distance} < ${query.radiusM}::float8`);
      if (query.categoryId) select = select.where('l.category_id', '=', query.categoryId);
      return select
        .orderBy(sql`ll_to_earth(l.lat, l.lng) <-> ${origin}`)
        .orderBy('l.id')
        .limit(query.limit)
        .execute();
    },
  };
}
