import type { ListingCard, TeacherPage, TeacherPageListing } from '@kalike/shared/contracts/teacher-listings';
import { haversineMetres, type LatLng } from '@kalike/shared/format/distance';
import type { DateKey } from '@kalike/shared/format/dates';

/**
 * A teacher-page listing in the shape lists use, so the shortlist can show it at once when
 * shortlisted from this page. The API's own card replaces it when the shortlist is fetched
 * again a moment later; only the fields lists show are derived here.
 */
export function toListingCard(page: TeacherPage, listing: TeacherPageListing, learner: LatLng, today: DateKey): ListingCard {
  const batches = listing.programs.flatMap((program) => program.batches);
  const upcoming = batches
    .map((batch) => batch.startsOn)
    .filter((startsOn) => startsOn >= today)
    .sort();
  return {
    id: listing.id,
    title: listing.title,
    mode: listing.mode,
    teacher: {
      id: page.teacher.id,
      slug: page.teacher.slug,
      name: page.teacher.name,
      photoUrl: page.teacher.photoUrl,
      photo: page.teacher.photo,
      experienceYears: page.teacher.experienceYears,
      rating: page.teacher.rating,
      badges: page.teacher.badges.map((badge) => badge.kind),
    },
    category: listing.category,
    locality: listing.locality,
    apartment: listing.apartment,
    location: listing.location,
    priceFromPaise: listing.priceFromPaise,
    ageRange: listing.ageRange,
    // An online class has no trip; the page normally carries the API's distance for the rest.
    distanceMetres: listing.mode === 'online' ? null : (listing.distanceMetres ?? haversineMetres(learner, listing.location)),
    pointPrecision: listing.pointPrecision,
    nextBatchStartsOn: upcoming[0] ?? null,
    seatsLeft: batches.reduce((sum, batch) => sum + batch.seatsLeft, 0),
    path: listing.path,
  };
}
