import type { Kysely } from 'kysely';
import type { BatchPlace as ProposedBatchPlace, ListingChange } from '@kalike/shared/contracts/listing-review';
import type { BatchesTable, Database } from '../../db/schema';

/** The `batches` columns that say where a batch meets. */
export type BatchPlaceColumns = Pick<BatchesTable, 'place' | 'apartment_id' | 'locality_id' | 'online_link'>;

/**
 * Where a batch meets, as the `batches` columns hold it. The one place that maps a proposed
 * place onto them: a centre and a learner's home are held by their locality today, their
 * address, point and radius have no column of their own yet.
 */
export function batchPlaceColumns(place: ProposedBatchPlace): BatchPlaceColumns {
  switch (place.kind) {
    case 'apartment':
      return { place: 'apartment', apartment_id: place.apartmentId, locality_id: null, online_link: null };
    case 'online':
      return { place: 'online', apartment_id: null, locality_id: null, online_link: place.onlineLink };
    case 'centre':
    case 'learner_home':
      return { place: 'locality', apartment_id: null, locality_id: place.localityId, online_link: null };
  }
}

/**
 * Writes an approved change into the listing's own rows, so learners see it. Every statement
 * is bound to the listing (the plan or batch must be one of its own), so a held change can
 * never reach another teacher's listing. Runs in the approval's transaction; the caller then
 * recomputes the listing's denormalised columns.
 */
export async function applyListingChange(db: Kysely<Database>, listingId: string, change: ListingChange): Promise<void> {
  const batchesOfListing = db
    .selectFrom('batches as b')
    .innerJoin('programs as p', 'p.id', 'b.program_id')
    .select('b.id')
    .where('p.listing_id', '=', listingId);
  switch (change.kind) {
    case 'plan_price':
      await db
        .updateTable('class_pack_plans')
        .set({ price_paise: change.pricePaise })
        .where('id', '=', change.targetId)
        .where('batch_id', 'in', batchesOfListing)
        .execute();
      return;
    case 'batch_place':
      await db.updateTable('batches').set(batchPlaceColumns(change.place)).where('id', '=', change.targetId).where('id', 'in', batchesOfListing).execute();
      return;
    case 'listing_place':
      await db.updateTable('teacher_listings').set({ locality_id: change.localityId, lat: change.lat, lng: change.lng }).where('id', '=', listingId).execute();
      return;
  }
}
