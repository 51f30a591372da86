import type { AuthoringResult } from '@kalike/shared/contracts/listing-authoring';
import { listingReviewLifecycle } from '@kalike/shared/domain/listing-review-lifecycle';
import type { AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import { listingNotFound } from './listing-authoring-errors';
import { authoringTeachers, type ListingPartDeps } from './listing-edits';
import { listingView } from './listing-view';

/** Sending a listing to an admin for review, and taking it back to keep editing. */
export function createListingReviewSubmission({ repository, now }: Pick<ListingPartDeps, 'repository' | 'now'>) {
  return {
    /** draft | sent_back → in_review, when complete. */
    async submit(user: AuthUser, listingId: string): Promise<AuthoringResult> {
      const teacherId = authoringTeachers.idOf(user);
      const listing = await repository.transaction(async (tx) => {
        const row = await tx.findOwnListing(teacherId, listingId, true);
        if (!row) throw listingNotFound();
        if (!listingReviewLifecycle.can('submit', row.review_state)) {
          throw new DomainError(
            'INVALID_TRANSITION',
            `This listing is ${listingReviewLifecycle.labels[row.review_state].toLowerCase()}; only a draft or a listing sent back can be sent for review.`,
            409,
          );
        }
        const current = await listingView(tx, teacherId, listingId, now());
        if (current.missing.length > 0) {
          throw new DomainError('LISTING_INCOMPLETE', `Before sending it for review: ${current.missing.join(' ')}`, 409);
        }
        await tx.updateListing(listingId, { review_state: 'in_review', submitted_at: now() }, now());
        return listingView(tx, teacherId, listingId, now());
      });
      return { listing, held: false, warnings: [] };
    },

    /** in_review → draft, to keep editing before an admin decides. */
    async withdraw(user: AuthUser, listingId: string): Promise<AuthoringResult> {
      const teacherId = authoringTeachers.idOf(user);
      const listing = await repository.transaction(async (tx) => {
        const row = await tx.findOwnListing(teacherId, listingId, true);
        if (!row) throw listingNotFound();
        if (!listingReviewLifecycle.can('withdraw', row.review_state)) {
          throw new DomainError('INVALID_TRANSITION', 'Only a listing waiting for review can be withdrawn.', 409);
        }
        await tx.updateListing(listingId, { review_state: 'draft' }, now());
        return listingView(tx, teacherId, listingId, now());
      });
      return { listing, held: false, warnings: [] };
    },
  };
}
