import { shortlistMaxSize, type Shortlist, type ShortlistChange } from '@kalike/shared/contracts/teacher-listings';
import { learnersOnly, type AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import type { LearnerPoint } from '../../shared/learner-point';
import type { ShortlistRepository } from './shortlist.repository';
import type { ListingPageService } from './listing-page.service';

/** Only learners have shortlists, and only their own: the account comes from the token. */
export const shortlistLearners = learnersOnly('Only learners have a shortlist');

export interface ShortlistServiceOptions {
  repository: ShortlistRepository;
  listings: Pick<ListingPageService, 'cardsInOrder'>;
}

/** A learner's shortlist: reading it as cards near the learner, adding and removing listings. */
export function createShortlistService({ repository, listings }: ShortlistServiceOptions) {
  return {
    async shortlist(user: AuthUser, origin: LearnerPoint): Promise<Shortlist> {
      const learnerAccountId = shortlistLearners.idOf(user);
      const entries = await repository.findShortlist(learnerAccountId);
      const cards = await listings.cardsInOrder(
        entries.map((entry) => entry.listing_id),
        origin,
      );
      const addedAt = new Map(entries.map((entry) => [entry.listing_id, new Date(entry.created_at).toISOString()]));
      return { listings: cards.map((card) => ({ ...card, shortlistedAt: addedAt.get(card.id) ?? '' })) };
    },

    async addToShortlist(user: AuthUser, listingId: string): Promise<ShortlistChange> {
      const learnerAccountId = shortlistLearners.idOf(user);
      if (!(await repository.isActiveListing(listingId))) {
        throw new DomainError('LISTING_NOT_FOUND', `No active listing with id ${listingId}`, 404);
      }
      const outcome = await repository.addToShortlist(learnerAccountId, listingId, shortlistMaxSize);
      if (outcome === 'full') {
        throw new DomainError('SHORTLIST_FULL', `A shortlist holds at most ${shortlistMaxSize} listings; remove one first`, 409);
      }
      return { teacherListingID: listingId, shortlisted: true };
    },

    async removeFromShortlist(user: AuthUser, listingId: string): Promise<ShortlistChange> {
      await repository.removeFromShortlist(shortlistLearners.idOf(user), listingId);
      return { teacherListingID: listingId, shortlisted: false };
    },
  };
}

export type ShortlistService = ReturnType<typeof createShortlistService>;
