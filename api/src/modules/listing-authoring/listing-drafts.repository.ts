import { sql, type Kysely } from 'kysely';
import type { ListingReviewState } from '@kalike/shared/domain/listing-review-lifecycle';
import { refreshListingSummary } from '../../db/listing-filters';
import type { Database } from '../../db/schema';
import { recordPublicPageChange } from '../page-changes/page-changes.port';

export interface OwnListingRow {
  id: string;
  teacher_id: string;
  category_id: string;
  category_name: string;
  title: string;
  about: string;
  base_locality_id: string;
  base_locality_name: string;
  review_state: ListingReviewState;
  review_note: string | null;
  submitted_at: Date | null;
  updated_at: Date;
}

export interface ListingSummaryRow {
  id: string;
  title: string;
  category_name: string;
  review_state: ListingReviewState;
  review_note: string | null;
  updated_at: Date;
  programs: number;
  batches: number;
  class_packs: number;
  held_changes: number;
}

type ListingValues = Partial<{
  category_id: string;
  title: string;
  about: string;
  base_locality_id: string;
  review_state: ListingReviewState;
  submitted_at: Date;
}>;

const listingColumns = sql`
  l.id, l.teacher_id, l.category_id, c.name as category_name, l.title, l.about,
  coalesce(l.base_locality_id, l.locality_id) as base_locality_id, base.name as base_locality_name,
  l.review_state, l.review_note, l.submitted_at, l.updated_at`;

/** The teacher's listing rows themselves. */
export function listingQueries(db: Kysely<Database>) {
  return {
    async findListings(teacherId: string): Promise<ListingSummaryRow[]> {
      const result = await sql<ListingSummaryRow>`
        select l.id, l.title, c.name as category_name, l.review_state, l.review_note, l.updated_at,
               (select count(*)::int from programs p where p.listing_id = l.id) as programs,
               (select count(*)::int from programs p join batches b on b.program_id = p.id where p.listing_id = l.id) as batches,
               (select count(*)::int from programs p join batches b on b.program_id = p.id join class_pack_plans pl on pl.batch_id = b.id
                 where p.listing_id = l.id) as class_packs,
               (select count(*)::int from listing_changes lc where lc.listing_id = l.id and lc.status = 'pending') as held_changes
        from teacher_listings l
        join categories c on c.id = l.category_id
        where l.teacher_id = ${teacherId}
        order by l.updated_at desc, l.id`.execute(db);
      return result.rows;
    },

    /** The teacher's own listing, locked for the rest of the transaction when `lock`. */
    async findOwnListing(teacherId: string, listingId: string, lock = false): Promise<OwnListingRow | undefined> {
      const result = await sql<OwnListingRow>`
        select ${listingColumns}
        from teacher_listings l
        join categories c on c.id = l.category_id
        join localities base on base.id = coalesce(l.base_locality_id, l.locality_id)
        where l.id = ${listingId} and l.teacher_id = ${teacherId}
        ${lock ? sql`for update of l` : sql``}`.execute(db);
      return result.rows[0];
    },

    async hasListingInCategory(teacherId: string, categoryId: string, exceptListingId?: string): Promise<boolean> {
      const row = await db
        .selectFrom('teacher_listings')
        .select('id')
        .where('teacher_id', '=', teacherId)
        .where('category_id', '=', categoryId)
        .$if(exceptListingId !== undefined, (query) => query.where('id', '<>', exceptListingId ?? ''))
        .executeTakeFirst();
      return row !== undefined;
    },

    async insertListing(values: { teacherId: string; categoryId: string; title: string; about: string; locality: { id: string; lat: number; lng: number } }) {
      const row = await db
        .insertInto('teacher_listings')
        .values({
          teacher_id: values.teacherId,
          category_id: values.categoryId,
          title: values.title,
          about: values.about,
          locality_id: values.locality.id,
          base_locality_id: values.locality.id,
          lat: values.locality.lat,
          lng: values.locality.lng,
          mode: 'at_centre',
          price_from_paise: 0,
          age_min: 1,
          age_max: 99,
          search_text: values.title.toLowerCase(),
          review_state: 'draft',
          is_active: false,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateListing(listingId: string, values: ListingValues, now: Date): Promise<void> {
      await db
        .updateTable('teacher_listings')
        .set({ ...values, updated_at: now })
        .where('id', '=', listingId)
        .execute();
    },

    deleteListing: (listingId: string) => db.deleteFrom('teacher_listings').where('id', '=', listingId).execute(),

    /** The denormalised columns search reads (place, mode, prices, ages), recomputed from the listing's parts. */
    refreshSummary: (listingId: string) => refreshListingSummary(db, [listingId]),

    /** The teacher's public page changed with this transaction: the web origins render it again. */
    recordPageChange: (teacherId: string) => recordPublicPageChange(db, { teacherIds: [teacherId] }),
  };
}
