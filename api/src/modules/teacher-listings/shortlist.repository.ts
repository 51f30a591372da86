import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface ShortlistEntryRow {
  listing_id: string;
  created_at: Date;
}

/** A learner's shortlist of listings (the `shortlists` table, which this module owns). */
export function createShortlistRepository(db: Kysely<Database>) {
  return {
    isActiveListing(id: string): Promise<boolean> {
      return db.selectFrom('teacher_listings').select('id').where('id', '=', id).where('is_active', '=', true).executeTakeFirst().then(Boolean);
    },

    /** The learner's shortlisted listings that are still active, newest first. */
    findShortlist(learnerAccountId: string): Promise<ShortlistEntryRow[]> {
      return db
        .selectFrom('shortlists as s')
        .innerJoin('teacher_listings as l', 'l.id', 's.listing_id')
        .select(['s.listing_id', 's.created_at'])
        .where('s.learner_account_id', '=', learnerAccountId)
        .where('l.is_active', '=', true)
        .orderBy('s.created_at', 'desc')
        .orderBy('s.listing_id')
        .execute();
    },

    /**
     * Adds the listing unless it is there already or the active shortlist is full. The
     * per-learner advisory lock makes the count and the insert one step, so two taps at once
     * cannot push a shortlist past the limit.
     */
    addToShortlist(learnerAccountId: string, listingId: string, maxSize: number): Promise<'added' | 'present' | 'full'> {
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${`shortlist:${learnerAccountId}`}))`.execute(trx);
        const present = await trx
          .selectFrom('shortlists')
          .select('listing_id')
          .where('learner_account_id', '=', learnerAccountId)
          .where('listing_id', '=', listingId)
          .executeTakeFirst();
        if (present) return 'present';
        const { count } = await trx
          .selectFrom('shortlists as s')
          .innerJoin('teacher_listings as l', 'l.id', 's.listing_id')
          .select(sql<number>`count(*)::int`.as('count'))
          .where('s.learner_account_id', '=', learnerAccountId)
          .where('l.is_active', '=', true)
          .executeTakeFirstOrThrow();
        if (count >= maxSize) return 'full';
        await trx
          .insertInto('shortlists')
          .values({ learner_account_id: learnerAccountId, listing_id: listingId })
          .onConflict((oc) => oc.columns(['learner_account_id', 'listing_id']).doNothing())
          .execute();
        return 'added';
      });
    },

    async removeFromShortlist(learnerAccountId: string, listingId: string): Promise<void> {
      await db.deleteFrom('shortlists').where('learner_account_id', '=', learnerAccountId).where('listing_id', '=', listingId).execute();
    },
  };
}

export type ShortlistRepository = ReturnType<typeof createShortlistRepository>;
