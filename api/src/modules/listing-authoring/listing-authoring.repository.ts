import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { transactionalRepository } from '../../shared/transactional-repository';
import { batchQueries } from './listing-batches.repository';
import { listingQueries } from './listing-drafts.repository';
import { heldChangeQueries } from './listing-held-changes.repository';
import { lookupQueries } from './listing-lookups.repository';
import { planQueries } from './listing-plans.repository';
import { programQueries } from './listing-programs.repository';

function queries(db: Kysely<Database>) {
  return {
    ...listingQueries(db),
    ...lookupQueries(db),
    ...programQueries(db),
    ...batchQueries(db),
    ...planQueries(db),
    ...heldChangeQueries(db),
  };
}

/** Every query of a teacher's own listings, by part in the files beside this one, bound to one database or transaction. */
export type ListingAuthoringQueries = ReturnType<typeof queries>;

/**
 * The listing-authoring queries bound to the database, or to one transaction: every change
 * locks the listing row and writes its parts, its held changes and its summary together.
 */
export function createListingAuthoringRepository(db: Kysely<Database>) {
  return transactionalRepository(db, queries);
}

export type ListingAuthoringRepository = ReturnType<typeof createListingAuthoringRepository>;
