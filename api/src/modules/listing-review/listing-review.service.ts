import type { ListingReviewDecision, SendBackBody } from '@kalike/shared/contracts/listing-review';
import { listingReviewLifecycle, sendBackReasonLength } from '@kalike/shared/domain/listing-review-lifecycle';
import type { AuthUser } from '../../plugins/auth';
import { reviewingAdmins } from './listing-review-admins';
import { DomainError } from '../../shared/domain-error';
import { changesApprovedMessage, listingDecisionNotice, listingLiveMessage, listingSentBackMessage } from './listing-review-messages';
import { createReviewQueue } from './listing-review-queue';
import type { ListingReviewRepository } from './listing-review.repository';
import { parseListingChange } from './listing-review-words';

export interface ListingReviewServiceDeps {
  repository: ListingReviewRepository;
  now: () => Date;
  publicSiteUrl: string;
  /** Called after a decision learners must see at once: the marketplace's cached answers go. */
  onDecided: () => void;
}

const notFound = () => new DomainError('LISTING_NOT_FOUND', 'This listing does not exist', 404);

/** The reason as the teacher will read it: trimmed, long enough to act on. */
export function sendBackReason(raw: string): string {
  const reason = raw.trim();
  const length = [...reason].length;
  if (length < sendBackReasonLength.min) {
    throw new DomainError('VALIDATION_ERROR', `Say what to change in at least ${sendBackReasonLength.min} characters`, 400);
  }
  if (length > sendBackReasonLength.max) throw new DomainError('VALIDATION_ERROR', `A reason can be at most ${sendBackReasonLength.max} characters`, 400);
  return reason;
}

/** The admin's review: the queue of what waits, and the decision on each listing. */
export function createListingReviewService({ repository, now, publicSiteUrl, onDecided }: ListingReviewServiceDeps) {
  return {
    ...createReviewQueue(repository),
    /**
     * Approves what waits on the listing, under its row lock: a listing sent for review goes
     * live (its held changes, if any, with it); a live listing's held changes become its own
     * values. Learners see it as soon as this returns.
     */
    async approve(user: AuthUser, listingId: string): Promise<ListingReviewDecision> {
      const adminId = reviewingAdmins.idOf(user);
      const at = now();
      const decision = await repository.transaction(async (tx) => {
        const listing = await tx.lockListing(listingId);
        if (!listing) throw notFound();
        const pending = await tx.lockPendingChanges(listingId);
        const goesLive = listingReviewLifecycle.can('approve', listing.review_state);
        if (!goesLive && (listing.review_state !== 'live' || pending.length === 0)) throw nothingToReview(listing.review_state);

        for (const change of pending) await tx.applyChange(listingId, parseListingChange(change.proposed));
        await tx.decideChanges(
          pending.map((change) => change.id),
          { status: 'approved', note: null, at, by: adminId },
        );
        if (goesLive) await tx.makeLive(listingId, at);
        // The listings' own summary (price from, search text) is recomputed here too once it has one home.
        await tx.refreshListing([listingId]);
        await tx.recordPageChange(listing.teacher_id);
        const reviewed = { id: listing.id, title: listing.title, teacherPhone: listing.teacher_phone, teacherUserId: listing.teacher_user_id };
        const notice = listingDecisionNotice(reviewed, 'approved', at);
        if (notice) await tx.notify(notice);
        else await tx.enqueueMessage(goesLive ? listingLiveMessage(reviewed, publicSiteUrl) : changesApprovedMessage(reviewed, publicSiteUrl), at);
        return { listingId, reviewState: 'live' as const, changesApplied: pending.length };
      });
      onDecided();
      return decision;
    },

    /**
     * Sends back, with a reason the teacher reads: a listing sent for review goes back to the
     * teacher; a live listing's held changes are refused and learners keep the approved values.
     */
    async sendBack(user: AuthUser, listingId: string, body: SendBackBody): Promise<ListingReviewDecision> {
      const adminId = reviewingAdmins.idOf(user);
      const reason = sendBackReason(body.reason);
      const at = now();
      return repository.transaction(async (tx) => {
        const listing = await tx.lockListing(listingId);
        if (!listing) throw notFound();
        const pending = await tx.lockPendingChanges(listingId);
        const goesBack = listingReviewLifecycle.can('send_back', listing.review_state);
        if (!goesBack && (listing.review_state !== 'live' || pending.length === 0)) throw nothingToReview(listing.review_state);

        await tx.decideChanges(
          pending.map((change) => change.id),
          { status: 'sent_back', note: reason, at, by: adminId },
        );
        if (goesBack) await tx.sendBack(listingId, reason, at);
        const reviewed = { id: listing.id, title: listing.title, teacherPhone: listing.teacher_phone, teacherUserId: listing.teacher_user_id };
        const notice = listingDecisionNotice(reviewed, 'sent_back', at);
        if (notice) await tx.notify(notice);
        else await tx.enqueueMessage(listingSentBackMessage(reviewed, publicSiteUrl, !goesBack), at);
        return { listingId, reviewState: goesBack ? ('sent_back' as const) : listing.review_state, changesApplied: 0 };
      });
    },
  };
}

function nothingToReview(state: string): DomainError {
  const why: Record<string, string> = {
    draft: 'it is still a draft the teacher has not sent for review',
    sent_back: 'it was sent back and the teacher has not sent it again',
    live: 'it is live with no changes waiting',
  };
  return new DomainError('NOTHING_TO_REVIEW', `This listing has nothing to review: ${why[state] ?? 'nothing is waiting'}`, 409);
}

export type ListingReviewService = ReturnType<typeof createListingReviewService>;
