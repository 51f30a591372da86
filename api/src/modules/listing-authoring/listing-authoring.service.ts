import { createListingBatches } from './listing-batches.service';
import { createListingEdits, type ListingAuthoringDeps } from './listing-edits';
import { createListingDrafts } from './listing-drafts.service';
import { createListingPlans } from './listing-plans.service';
import { createListingPrograms } from './listing-programs.service';
import { createListingReviewSubmission } from './listing-review-submission.service';

/**
 * The listing-authoring service the routes use, put together from its parts in the files
 * beside this one: drafts, programs, batches, class packs and review submission, every edit
 * through the one change transaction.
 */
export function createListingAuthoringService({ repository, now, onLiveChanged }: ListingAuthoringDeps) {
  const edits = createListingEdits({ repository, now, onLiveChanged });
  const parts = { repository, now, edits };
  return {
    ...createListingDrafts(parts),
    ...createListingPrograms(parts),
    ...createListingBatches(parts),
    ...createListingPlans(parts),
    ...createListingReviewSubmission(parts),
  };
}

export type ListingAuthoringService = ReturnType<typeof createListingAuthoringService>;
