import type { AuthoringResult, AuthoringWarning } from '@kalike/shared/contracts/listing-authoring';
import { teacherMayEdit } from '@kalike/shared/domain/listing-review-lifecycle';
import { teachersOnly, type AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import type { ListingAuthoringQueries, ListingAuthoringRepository } from './listing-authoring.repository';
import { listingNotFound } from './listing-authoring-errors';
import type { OwnListingRow } from './listing-drafts.repository';
import { listingView } from './listing-view';

export const authoringTeachers = teachersOnly('Only teachers write listings');

/** What one edit reports besides the listing: whether it waits for review, and what the teacher should check. */
export type EditOutcome = { held?: boolean; warnings?: AuthoringWarning[] } | void;

export type ListingEdit = (tx: ListingAuthoringQueries, listing: OwnListingRow, teacherId: string) => Promise<EditOutcome>;

/** What listing authoring is built from: its edit transaction and the service the routes use alike. */
export interface ListingAuthoringDeps {
  repository: ListingAuthoringRepository;
  now: () => Date;
  /** A live listing changed in a way learners see at once: the marketplace's cached answers must go. */
  onLiveChanged: () => void;
}

/** The one way every part of a listing is changed, shared by the drafts, programs, batches and plans services. */
export function createListingEdits({ repository, now, onLiveChanged }: ListingAuthoringDeps) {
  return {
    /**
     * One change to the teacher's own listing, in one transaction with the listing row locked:
     * refused while it waits for review, then the denormalised columns are recomputed and the
     * whole listing answered. A live listing's change that learners see at once clears the cache.
     */
    async change(user: AuthUser, listingId: string, apply: ListingEdit): Promise<AuthoringResult> {
      const teacherId = authoringTeachers.idOf(user);
      const at = now();
      const result = await repository.transaction(async (tx) => {
        const listing = await tx.findOwnListing(teacherId, listingId, true);
        if (!listing) throw listingNotFound();
        if (!teacherMayEdit(listing.review_state)) {
          throw new DomainError(
            'LISTING_IN_REVIEW',
            'This listing is waiting for review and cannot be changed now. Withdraw it to edit, then send it for review again.',
            409,
          );
        }
        const outcome = (await apply(tx, listing, teacherId)) ?? {};
        await tx.updateListing(listingId, {}, at);
        await tx.refreshSummary(listingId);
        // Learners see a live listing's change at once (held parts excepted): its page changed.
        if (listing.review_state === 'live') await tx.recordPageChange(teacherId);
        return {
          listing: await listingView(tx, teacherId, listingId, now()),
          held: outcome.held ?? false,
          warnings: outcome.warnings ?? [],
          wasLive: listing.review_state === 'live',
        };
      });
      if (result.wasLive) onLiveChanged();
      return { listing: result.listing, held: result.held, warnings: result.warnings };
    },
  };
}

export type ListingEdits = ReturnType<typeof createListingEdits>;

/** What each part's service is built from: the authoring deps, with the edit transaction in place of the cache hook. */
export type ListingPartDeps = Omit<ListingAuthoringDeps, 'onLiveChanged'> & { edits: ListingEdits };
