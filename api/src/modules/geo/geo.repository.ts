import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface NearbyLocalityRow {
  slug: string;
  name: string;
  pincode: string;
  lat: number;
  lng: number;
  meters: number;
}

export interface NearbyApartmentRow extends NearbyLocalityRow {
  locality_name: string;
}

export interface PlaceRow {
  kind: 'locality' | 'apartment';
  slug: string;
  name: string;
  pincode: string;
  lat: number;
  lng: number;
  locality_name: string | null;
}

/** Typo tolerance: "Koramangla" still finds Koramangala; lower lets unrelated names in. */
const WORD_SIMILARITY_MIN = 0.45;

const distanceFrom = (lat: number, lng: number, table: 'a' | 'l') =>
  sql<number>`earth_distance(ll_to_earth(${sql.ref(`${table}.lat`)}, ${sql.ref(`${table}.lng`)}), ll_to_earth(${lat}, ${lng}))`;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function createGeoRepository(db: Kysely<Database>) {
  return {
    // Places are a few hundred reference rows, so ordering every row by distance is cheap and
    // needs no spatial index.
    nearestLocality(lat: number, lng: number): Promise<NearbyLocalityRow | undefined> {
      return db
        .selectFrom('localities as l')
        .select(['l.slug', 'l.name', sql<string>`trim(l.pincode)`.as('pincode'), 'l.lat', 'l.lng', distanceFrom(lat, lng, 'l').as('meters')])
        .orderBy('meters')
        .limit(1)
        .executeTakeFirst();
    },

    nearestApartment(lat: number, lng: number): Promise<NearbyApartmentRow | undefined> {
      return db
        .selectFrom('apartments as a')
        .innerJoin('localities as l', 'l.id', 'a.locality_id')
        .select([
          'a.slug',
          'a.name',
          sql<string>`trim(a.pincode)`.as('pincode'),
          'a.lat',
          'a.lng',
          'l.name as locality_name',
          distanceFrom(lat, lng, 'a').as('meters'),
        ])
        .orderBy('meters')
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * Names match by substring or, for typos, pg_trgm word similarity; all-digit searches match
     * pincode prefixes. Both tables are small reference data, so one scan of each is cheaper
     * than the planning an index-driven OR would need.
     */
    async searchPlaces(search: string, limit: number): Promise<PlaceRow[]> {
      const byPincode = /^\d{1,6}$/.test(search);
      const pattern = byPincode ? `${search}%` : `%${escapeLike(search)}%`;
      const result = await sql<PlaceRow & { score: number; exact: boolean }>`
        select * from (
          select 'locality' as kind, l.slug, l.name, trim(l.pincode) as pincode, l.lat, l.lng, null as locality_name,
                 ${byPincode ? sql`0` : sql`word_similarity(${search}, l.name)`}::float8 as score,
                 ${byPincode ? sql`trim(l.pincode) like ${pattern}` : sql`l.name ilike ${pattern}`} as exact
          from localities l
          union all
          select 'apartment', a.slug, a.name, trim(a.pincode), a.lat, a.lng, l.name,
                 ${byPincode ? sql`0` : sql`word_similarity(${search}, a.name)`}::float8,
                 ${byPincode ? sql`trim(a.pincode) like ${pattern}` : sql`a.name ilike ${pattern}`}
          from apartments a join localities l on l.id = a.locality_id
        ) p
        where p.exact or p.score >= ${WORD_SIMILARITY_MIN}
        order by p.exact desc, p.score desc, p.kind desc, p.name
        limit ${limit}
      `.execute(db);
      return result.rows.map(({ score: _score, exact: _exact, ...row }) => row);
    },
  };
}

export type GeoRepository = ReturnType<typeof createGeoRepository>;
