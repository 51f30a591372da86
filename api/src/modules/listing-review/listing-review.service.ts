import type { ListingReviewDecision, ListingReviewItem, ListingReviewQueue, SendBackBody } from '@kalike/shared/contracts/listing-review';
import { reviewQueueLimit } from '@kalike/shared/domain/admin-values';
import { badgeCopy } from '@kalike/shared/domain/badges';
import { badgeKinds } from '@kalike/shared/domain/listing-values';
import { canMoveListing, sendBackReasonLength } from '@kalike/shared/domain/listing-review-lifecycle';
import { adminsOnly, type AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import type { ClassPackPlanRow } from '../../shared/class-pack-plans';
import { changesApprovedMessage, listingLiveMessage, listingSentBackMessage } from './listing-review-messages';
import type { ListingReviewRepository, ReviewBatchRow } from './listing-review.repository';
import { aboutWords, batchWords, changeView, classPackWords, listingPlaceWords, parseListingChange, placesNamedBy, programWords } from './listing-review-words';

export const reviewingAdmins = adminsOnly('Only Kalike admins review listings and grant badges');

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

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

export function createListingReviewService({ repository, now, publicSiteUrl, onDecided }: ListingReviewServiceDeps) {
  return {
    /** Everything waiting for an admin, oldest first, each in words a learner would read. */
    async queue(user: AuthUser): Promise<ListingReviewQueue> {
      reviewingAdmins.idOf(user);
      const listings = await repository.findQueue(reviewQueueLimit);
      const listingIds = listings.map((listing) => listing.id);
      const [programs, batches, changes, badges] = await Promise.all([
        repository.findPrograms(listingIds),
        repository.findBatches(listingIds),
        repository.findPendingChanges(listingIds),
        repository.findBadges([...new Set(listings.map((listing) => listing.teacher_id))]),
      ]);
      const plans = await repository.findPlans(batches.map((batch) => batch.id));
      const named = placesNamedBy(changes.map((change) => parseListingChange(change.proposed)));
      const [localities, apartments] = await Promise.all([repository.findLocalityNames(named.localityIds), repository.findApartmentNames(named.apartmentIds)]);
      const names = {
        localities: new Map(localities.map((place) => [place.id, place.name])),
        apartments: new Map(apartments.map((place) => [place.id, place.name])),
      };

      const programsOf = groupBy(programs, (program) => program.listing_id);
      const batchesOf = groupBy(batches, (batch) => batch.listing_id);
      const changesOf = groupBy(changes, (change) => change.listing_id);
      const badgesOf = groupBy(badges, (badge) => badge.teacher_id);
      const batchById = new Map<string, ReviewBatchRow>(batches.map((batch) => [batch.id, batch]));
      const planById = new Map<string, ClassPackPlanRow>(plans.map((plan) => [plan.id, plan]));

      const items = listings.map((listing): ListingReviewItem => {
        const ownBatches = batchesOf.get(listing.id) ?? [];
        const ownBatchIds = new Set(ownBatches.map((batch) => batch.id));
        const rows = { listing, batches: batchById, plans: planById };
        return {
          listingId: listing.id,
          title: listing.title,
          categoryName: listing.category_name,
          reviewState: listing.review_state,
          submittedAt: listing.submitted_at ? new Date(listing.submitted_at).toISOString() : null,
          teacher: {
            id: listing.teacher_id,
            name: listing.teacher_name,
            photoUrl: listing.teacher_photo_url,
            badges: badgeKinds
              .filter((kind) => (badgesOf.get(listing.teacher_id) ?? []).some((row) => row.badge === kind))
              .map((kind) => badgeCopy[kind].label),
          },
          summary: {
            about: aboutWords(listing),
            place: listingPlaceWords(listing),
            programs: (programsOf.get(listing.id) ?? []).map(programWords),
            batches: ownBatches.map(batchWords),
            classPacks: plans.filter((plan) => ownBatchIds.has(plan.batch_id)).map((plan) => classPackWords(plan, batchById.get(plan.batch_id)?.name ?? '')),
          },
          changes: (changesOf.get(listing.id) ?? []).map((change) => changeView(change, rows, names)),
        };
      });
      return { items };
    },

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
        const goesLive = canMoveListing('approve', listing.review_state);
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
        const reviewed = { id: listing.id, title: listing.title, teacherPhone: listing.teacher_phone };
        await tx.enqueueMessage(goesLive ? listingLiveMessage(reviewed, publicSiteUrl) : changesApprovedMessage(reviewed, publicSiteUrl), at);
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
        const goesBack = canMoveListing('send_back', listing.review_state);
        if (!goesBack && (listing.review_state !== 'live' || pending.length === 0)) throw nothingToReview(listing.review_state);

        await tx.decideChanges(
          pending.map((change) => change.id),
          { status: 'sent_back', note: reason, at, by: adminId },
        );
        if (goesBack) await tx.sendBack(listingId, reason, at);
        const reviewed = { id: listing.id, title: listing.title, teacherPhone: listing.teacher_phone };
        await tx.enqueueMessage(listingSentBackMessage(reviewed, publicSiteUrl, !goesBack), at);
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
