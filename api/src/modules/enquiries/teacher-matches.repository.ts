import type { BatchPlaceKind } from '@kalike/shared/domain/enquiry-fit';
import { sql, type Kysely } from 'kysely';
import type { ListingModeKind, PointPrecision } from '@kalike/shared/domain/listing-values';
import type { Database } from '../../db/schema';
import { earthPoint, type LearnerPoint } from '../../shared/learner-point';

export interface ListingBatchRow {
  listing_id: string;
  days_of_week: number[];
  start_time: string;
  place: BatchPlaceKind;
  place_name: string;
}

export interface NearListingRow {
  id: string;
  title: string;
  mode: ListingModeKind;
  price_from_paise: number;
  teacher_name: string;
  category_slug: string;
  category_name: string;
  distance_metres: number;
  point_precision: PointPrecision;
}

/** The listings a learner may ask: the nearest of a subject, and what their batches offer. */
export function matchQueries(db: Kysely<Database>) {
  return {
    /** The schedules and places of the listings' batches, for deciding what each listing offers. */
    findListingBatches(listingIds: readonly string[]): Promise<ListingBatchRow[]> {
      if (listingIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('batches as b')
        .innerJoin('programs as p', 'p.id', 'b.program_id')
        .leftJoin('localities as lo', 'lo.id', 'b.locality_id')
        .leftJoin('apartments as ap', 'ap.id', 'b.apartment_id')
        .select([
          'p.listing_id',
          sql<number[]>`b.days_of_week::int[]`.as('days_of_week'),
          sql<string>`to_char(b.start_time, 'HH24:MI')`.as('start_time'),
          'b.place',
          sql<string>`coalesce(ap.name, lo.name, 'Online')`.as('place_name'),
        ])
        .where('p.listing_id', 'in', [...listingIds])
        .orderBy('b.start_time')
        .orderBy('b.id')
        .execute();
    },

    /** Active listings of a subject, nearest first, with their distance from the point in metres. */
    findNearestListings(categorySlug: string, point: LearnerPoint, limit: number): Promise<NearListingRow[]> {
      const origin = earthPoint(point);
      return db
        .selectFrom('teacher_listings as l')
        .innerJoin('categories as c', 'c.id', 'l.category_id')
        .innerJoin('teachers as t', 't.id', 'l.teacher_id')
        .select([
          'l.id',
          'l.title',
          'l.mode',
          'l.price_from_paise',
          't.name as teacher_name',
          'c.slug as category_slug',
          'c.name as category_name',
          sql<number>`round(earth_distance(${origin}, l.earth))::int`.as('distance_metres'),
          'l.point_precision',
        ])
        .where('c.slug', '=', categorySlug)
        .where('l.is_active', '=', true)
        .orderBy(sql`l.earth <-> ${origin}`)
        .orderBy('l.id')
        .limit(limit)
        .execute();
    },
  };
}
