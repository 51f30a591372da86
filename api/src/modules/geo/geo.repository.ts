import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { escapeLike } from '../../shared/escape-like';

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
  id: string;
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

export interface SearchTextPlaceRow extends NamedPlaceRow {
  /** Which phrase of the text named it. */
  phrase: number;
}

interface NamedPlaceRow {
  slug: string;
  name: string;
  pincode: string;
  lat: number;
  lng: number;
}

/** A phrase of search text that may name a locality: "hsr layout" written as "hsrlayout". */
export interface SearchTextPhrase {
  compact: string;
}

/** A phrase this similar to a locality's name names it ("koramangla"); shorter phrases must match exactly or by sound. */
const PHRASE_SIMILARITY_MIN = 0.6;
const PHRASE_FUZZY_MIN_LENGTH = 6;

/**
 * Names match by substring or, for typos, pg_trgm word similarity; all-digit searches match
 * pincode prefixes. Both tables are small reference data, so one scan of each is cheaper
 * than the planning an index-driven OR would need.
 */
async function searchPlaces(db: Kysely<Database>, search: string, limit: number): Promise<PlaceRow[]> {
  const byPincode = /^\d{1,6}$/.test(search);
  const pattern = byPincode ? `${search}%` : `%${escapeLike(search)}%`;
  const result = await sql<PlaceRow & { score: number; exact: boolean }>`
    select * from (
      select 'locality' as kind, l.id, l.slug, l.name, trim(l.pincode) as pincode, l.lat, l.lng, null as locality_name,
             ${byPincode ? sql`0` : sql`word_similarity(${search}, l.name)`}::float8 as score,
             ${byPincode ? sql`trim(l.pincode) like ${pattern}` : sql`l.name ilike ${pattern}`} as exact
      from localities l
      union all
      select 'apartment', a.id, a.slug, a.name, trim(a.pincode), a.lat, a.lng, l.name,
             ${byPincode ? sql`0` : sql`word_similarity(${search}, a.name)`}::float8,
             ${byPincode ? sql`trim(a.pincode) like ${pattern}` : sql`a.name ilike ${pattern}`}
      from apartments a join localities l on l.id = a.locality_id
    ) p
    where p.exact or p.score >= ${WORD_SIMILARITY_MIN}
    order by p.exact desc, p.score desc, p.kind desc, p.name
    limit ${limit}
  `.execute(db);
  return result.rows.map(({ score: _score, exact: _exact, ...row }) => row);
}

export function createGeoRepository(db: Kysely<Database>) {
  return {
    /**
     * The locality one of the phrases names, best match first: the exact name, the same name
     * after folding transliterations, then a close spelling. Null when none names one.
     */
    async findLocalityNamedBy(phrases: readonly SearchTextPhrase[]): Promise<SearchTextPlaceRow | undefined> {
      if (phrases.length === 0) return undefined;
      const result = await sql<SearchTextPlaceRow & { score: number }>`
        select p.phrase::int as phrase, l.slug, l.name, trim(l.pincode) as pincode, l.lat, l.lng,
               case when l.search_name = p.compact then 1.0
                    when search_sound(l.search_name) = search_sound(p.compact) then 0.95
                    else similarity(l.search_name, p.compact) end::float8 as score
        from unnest(${phrases.map((phrase) => phrase.compact)}::text[]) with ordinality as p(compact, phrase)
        join localities l on l.search_name = p.compact
          or search_sound(l.search_name) = search_sound(p.compact)
          or (length(p.compact) >= ${PHRASE_FUZZY_MIN_LENGTH} and similarity(l.search_name, p.compact) >= ${PHRASE_SIMILARITY_MIN}::float8)
        order by score desc, length(p.compact) desc, l.slug
        limit 1
      `.execute(db);
      const row = result.rows[0];
      if (!row) return undefined;
      const { score: _score, ...place } = row;
      return { ...place, phrase: Number(place.phrase) - 1 };
    },

    /** Localities whose name (or a word of it) starts with the text, for typeahead from one letter. */
    async localitiesStartingWith(text: string, limit: number): Promise<PlaceRow[]> {
      const prefix = `${escapeLike(text)}%`;
      const result = await sql<PlaceRow>`
        select 'locality' as kind, l.id, l.slug, l.name, trim(l.pincode) as pincode, l.lat, l.lng, null as locality_name
        from localities l
        where l.name ilike ${prefix} or l.name ilike ${`% ${prefix}`} or l.pincode like ${prefix}
        order by (l.name ilike ${prefix}) desc, l.name
        limit ${limit}
      `.execute(db);
      return result.rows;
    },

    /** The locality a pincode belongs to (the first by name when several share it). */
    findLocalityByPincode(pincode: string): Promise<NamedPlaceRow | undefined> {
      return db
        .selectFrom('localities as l')
        .select(['l.slug', 'l.name', sql<string>`trim(l.pincode)`.as('pincode'), 'l.lat', 'l.lng'])
        .where('l.pincode', '=', pincode)
        .orderBy('l.name')
        .limit(1)
        .executeTakeFirst();
    },

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

    searchPlaces: (search: string, limit: number) => searchPlaces(db, search, limit),
  };
}

export type GeoRepository = ReturnType<typeof createGeoRepository>;
