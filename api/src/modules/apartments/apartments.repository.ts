import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { earthPoint, metresOfChord, type LearnerPoint } from '../../shared/learner-point';
import { escapeLike } from '../../shared/escape-like';

export interface ApartmentRow {
  id: string;
  slug: string;
  name: string;
  locality_slug: string;
  locality_name: string;
  pincode: string;
  lat: number;
  lng: number;
  active_listing_count: number;
  distance_m: number | null;
}

/** Typo tolerance for apartment names, as in place search: "Prestige Shantiniketn" still matches. */
const WORD_SIMILARITY_MIN = 0.45;

const activeListingCount = sql<number>`(
  select count(*)::int from teacher_listings l where l.apartment_id = a.id and l.is_active
)`;

function distanceFrom(origin: LearnerPoint | null) {
  // earth_distance written out (as for listings), so no row runs it as a SQL function.
  return origin ? metresOfChord(sql<number>`(${earthPoint(origin)} <-> ll_to_earth(a.lat, a.lng))`) : sql<number>`null::float8`;
}

export function createApartmentsRepository(db: Kysely<Database>) {
  function base(origin: LearnerPoint | null) {
    return db
      .selectFrom('apartments as a')
      .innerJoin('localities as loc', 'loc.id', 'a.locality_id')
      .select([
        'a.id',
        'a.slug',
        'a.name',
        'loc.slug as locality_slug',
        'loc.name as locality_name',
        sql<string>`trim(a.pincode)`.as('pincode'),
        'a.lat',
        'a.lng',
        activeListingCount.as('active_listing_count'),
        distanceFrom(origin).as('distance_m'),
      ]);
  }

  return {
    findBySlug(slug: string): Promise<ApartmentRow | undefined> {
      return base(null).where('a.slug', '=', slug).executeTakeFirst();
    },

    /**
     * Names containing the text come first, then typo matches by pg_trgm word similarity.
     * Apartments are a few hundred reference rows, so scoring each one is cheap.
     */
    async search(text: string, limit: number): Promise<ApartmentRow[]> {
      const pattern = `%${escapeLike(text)}%`;
      const rows = await base(null)
        .select([sql<boolean>`a.name ilike ${pattern}`.as('contains'), sql<number>`word_similarity(${text}, a.name)`.as('score')])
        .where((eb) => eb.or([sql<boolean>`a.name ilike ${pattern}`, sql<boolean>`word_similarity(${text}, a.name) >= ${WORD_SIMILARITY_MIN}`]))
        .orderBy('contains', 'desc')
        .orderBy('score', 'desc')
        .orderBy('a.name')
        .limit(limit)
        .execute();
      return rows.map(({ contains: _contains, score: _score, ...row }) => row);
    },

    /** The nearest apartments where at least one active listing teaches. */
    findNearbyWithListings(origin: LearnerPoint, limit: number): Promise<ApartmentRow[]> {
      return base(origin)
        .where(sql<boolean>`exists (select 1 from teacher_listings l where l.apartment_id = a.id and l.is_active)`)
        .orderBy('distance_m')
        .orderBy('a.slug')
        .limit(limit)
        .execute();
    },
  };
}

export type ApartmentsRepository = ReturnType<typeof createApartmentsRepository>;
