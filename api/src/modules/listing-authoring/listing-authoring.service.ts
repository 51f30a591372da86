import type { ListingAuthoringRepository } from './listing-authoring.repository';
import { createListingBatches } from './listing-batches.service';
import { createListingChanges } from './listing-changes';
import { createListingDrafts } from './listing-drafts.service';
import { createListingPlans } from './listing-plans.service';
import { createListingPrograms } from './listing-programs.service';
import { createListingReviewSubmission } from './listing-review-submission.service';

export interface ListingAuthoringServiceDeps {
  repository: ListingAuthoringRepository;
  now: () => Date;
  /** A live listing changed in a way learners see at once: the marketplace's cached answers must go. */
  onLiveChanged: () => void;
}

/**
 * The listing-authoring service the routes use, put together from its parts in the files
 * beside this one: drafts, programs, batches, class packs and review submission, every edit
 * through the one change transaction.
 */
export function createListingAuthoringService({ repository, now, onLiveChanged }: ListingAuthoringServiceDeps) {
  const changes = createListingChanges({ repository, now, onLiveChanged });
  const parts = { repository, now, changes };
  return {
    ...createListingDrafts(parts),
    ...createListingPrograms(parts),
    ...createListingBatches(parts),
    ...createListingPlans(parts),
    ...createListingReviewSubmission(parts),
  };
}

export type ListingAuthoringService = ReturnType<typeof createListingAuthoringService>;
