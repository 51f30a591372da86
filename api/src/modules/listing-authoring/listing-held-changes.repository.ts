import type { Kysely } from 'kysely';
import type { ListingChange } from '@kalike/shared/contracts/listing-review';
import type { Database } from '../../db/schema';

export interface PendingChangeRow {
  id: string;
  kind: ListingChange['kind'];
  target_id: string | null;
  proposed: ListingChange;
  created_at: Date;
}

/** Changes to a live listing that wait for an admin: one pending change per thing changed. */
export function heldChangeQueries(db: Kysely<Database>) {
  return {
    async findPendingChanges(listingId: string): Promise<PendingChangeRow[]> {
      const rows = await db
        .selectFrom('listing_changes')
        .select(['id', 'kind', 'target_id', 'proposed', 'created_at'])
        .where('listing_id', '=', listingId)
        .where('status', '=', 'pending')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((row) => ({ ...row, proposed: (typeof row.proposed === 'string' ? JSON.parse(row.proposed) : row.proposed) as ListingChange }));
    },

    /** Withdraws the pending change to the same thing, if any; then holds `change` unless it is null (back to the approved value). */
    async holdChange(listingId: string, kind: ListingChange['kind'], targetId: string | null, change: ListingChange | null, now: Date): Promise<void> {
      await db
        .updateTable('listing_changes')
        .set({ status: 'withdrawn', decided_at: now })
        .where('listing_id', '=', listingId)
        .where('kind', '=', kind)
        .where('status', '=', 'pending')
        .where((eb) => (targetId === null ? eb('target_id', 'is', null) : eb('target_id', '=', targetId)))
        .execute();
      if (change === null) return;
      await db
        .insertInto('listing_changes')
        .values({ listing_id: listingId, kind, target_id: targetId, proposed: JSON.stringify(change), created_at: now })
        .execute();
    },
  };
}
