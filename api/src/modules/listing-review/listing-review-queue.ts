import type { ListingReviewItem, ListingReviewQueue } from '@kalike/shared/contracts/listing-review';
import { reviewQueueLimit } from '@kalike/shared/domain/admin-values';
import { badgeCopy } from '@kalike/shared/domain/badges';
import { badgeKinds } from '@kalike/shared/domain/listing-values';
import type { AuthUser } from '../../plugins/auth';
import type { ClassPackPlanRow } from '../../shared/class-pack-plans';
import { teacherPhotoOf } from '../../shared/teacher-photo';
import { reviewingAdmins } from './listing-review-admins';
import type { ListingReviewRepository, ReviewBatchRow } from './listing-review.repository';
import { aboutWords, batchWords, changeView, classPackWords, listingPlaceWords, parseListingChange, placesNamedBy, programWords } from './listing-review-words';

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

/** What waits for an admin: listings sent for review and live listings' held changes, in words a learner would read. */
export function createReviewQueue(repository: ListingReviewRepository) {
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
            photo: teacherPhotoOf(listing.teacher_photo_files),
            badges: badgeKinds
              .filter((kind) => (badgesOf.get(listing.teacher_id) ?? []).some((row) => row.badge === kind))
              .map((kind) => badgeCopy[kind].label),
          },
          summary: {
            about: aboutWords(listing),
            listingAbout: listing.about,
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
  };
}
