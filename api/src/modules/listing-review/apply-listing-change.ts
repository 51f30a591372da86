import type { Kysely } from 'kysely';
import type { ListingChange } from '@kalike/shared/contracts/listing-review';
import { batchPlaceColumns } from '../../db/batch-place-columns';
import type { Database } from '../../db/schema';

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
      // The point learners find it near is recomputed from its batches and this base locality.
      await db.updateTable('teacher_listings').set({ base_locality_id: change.localityId }).where('id', '=', listingId).execute();
      return;
  }
}
