import type { TeacherMatch, TeacherMatches, TeacherMatchesQuery } from '@kalike/shared/contracts/enquiries';
import { formatDistance } from '@kalike/shared/format/distance';
import { listingFit, type FitListing } from '@kalike/shared/domain/enquiry-fit';
import type { ListingModeKind, TimeOfDay } from '@kalike/shared/domain/listing-values';
import { learnerPoint } from '../../shared/learner-point';
import type { EnquiriesRepository } from './enquiries.repository';
import type { ListingBatchRow } from './teacher-matches.repository';

/** How many of the nearest listings Request Class weighs. */
const MATCH_CANDIDATES = 20;

export function toFitListing(mode: ListingModeKind, batches: readonly ListingBatchRow[]): FitListing {
  return {
    mode,
    batches: batches.map((batch) => ({
      daysOfWeek: batch.days_of_week.map(Number),
      startTime: batch.start_time,
      place: { kind: batch.place, name: batch.place_name },
    })),
  };
}

/** Request Class: which of the nearest teachers of a subject fit what the learner asked. */
export function createTeacherMatches(repository: Pick<EnquiriesRepository, 'findNearestListings' | 'findListingBatches'>) {
  return {
    /**
     * The nearest teachers of a subject, each with whether it fits where, which days and what
     * time of day the learner asked, and why ("Sat 10 am batch, 1.2 km"): fitting ones first.
     */
    async teacherMatches(query: TeacherMatchesQuery): Promise<TeacherMatches> {
      const days = [...new Set(query.days.split(',').map(Number))];
      const times = [...new Set(query.times.split(','))] as TimeOfDay[];
      const listings = await repository.findNearestListings(query.category, learnerPoint(query), MATCH_CANDIDATES);
      const batches = await repository.findListingBatches(listings.map((listing) => listing.id));
      const matches: TeacherMatch[] = listings.map((listing) => {
        const fit = listingFit(
          toFitListing(
            listing.mode,
            batches.filter((batch) => batch.listing_id === listing.id),
          ),
          { mode: query.mode, days, times },
        );
        const onlineOnly = listing.mode === 'online' && (fit.batch === null || fit.batch.place.kind === 'online');
        const distanceMetres = onlineOnly ? null : listing.distance_metres;
        const reason =
          fit.fits && distanceMetres !== null && fit.batch?.place.kind !== 'online'
            ? `${fit.reason}, ${formatDistance(distanceMetres, listing.point_precision)}`
            : fit.reason;
        return {
          listingId: listing.id,
          teacherName: listing.teacher_name,
          title: listing.title,
          category: { slug: listing.category_slug, name: listing.category_name },
          mode: listing.mode,
          priceFromPaise: listing.price_from_paise,
          distanceMetres,
          fits: fit.fits,
          reason,
        };
      });
      // Fitting first; within each, nearest first, and online-only ones (no distance) after.
      const rank = (match: TeacherMatch) => [match.fits ? 0 : 1, match.distanceMetres === null ? 1 : 0, match.distanceMetres ?? 0] as const;
      matches.sort((a, b) => {
        const [x, y] = [rank(a), rank(b)];
        return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
      });
      return { matches };
    },
  };
}
