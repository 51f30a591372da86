import { rootKeys } from '@kalike/shared/query/query-keys';
import type { LearnerPoint } from '@kalike/shared/location/learner-point';

import type { ListingFilters } from '../utils/listing-filters';

/**
 * Every marketplace query of this remote, generic to specific (all → lists → one list), so
 * a mutation can invalidate exactly what it changed. Listing and teacher responses carry
 * no per-learner state and are keyed without the learner; only the shortlist is personal.
 */
export const listingKeys = {
  all: rootKeys.listings,
  discover: (point: LearnerPoint) => [...listingKeys.all, 'discover', point] as const,
  lists: () => [...listingKeys.all, 'list'] as const,
  categoryList: (categorySlug: string, filters: ListingFilters, point: LearnerPoint) =>
    [...listingKeys.lists(), 'category', categorySlug, { filters, point }] as const,
  searchList: (search: { q: string; category?: string; exact?: boolean }, filters: ListingFilters, point: LearnerPoint) =>
    [...listingKeys.lists(), 'search', { ...search, filters, point }] as const,
  /** Typeahead answers are the same for everyone and depend on the text alone. */
  searchSuggestions: (text: string) => [...listingKeys.all, 'search-suggestions', text] as const,
  // The teacher page, read by the enquiry remote too, has its keys in shared (teacher-page-query.ts).
  shortlists: () => [...listingKeys.all, 'shortlist'] as const,
  shortlist: (learnerId: string, point: LearnerPoint) => [...listingKeys.shortlists(), learnerId, point] as const,
  apartments: () => [...listingKeys.all, 'apartments'] as const,
  nearbyApartments: (point: LearnerPoint) => [...listingKeys.apartments(), 'near', point] as const,
  apartment: (slug: string) => [...listingKeys.apartments(), 'detail', slug] as const,
  apartmentSearch: (text: string) => [...listingKeys.apartments(), 'search', text] as const,
  demoClasses: (point: LearnerPoint, days: number) => [...listingKeys.all, 'demo-classes', { point, days }] as const,
  /** The signed-in teacher's own reviews: personal, keyed by the teacher. */
  teacherReviews: (teacherId: string) => [...listingKeys.all, 'teacher-reviews', teacherId] as const,
  /** Admins only: listings waiting for review, and teachers found to manage their badges. */
  adminReviews: () => [...listingKeys.all, 'admin-reviews'] as const,
  adminTeacherSearches: () => [...listingKeys.all, 'admin-teachers'] as const,
  adminTeachers: (query: string) => [...listingKeys.adminTeacherSearches(), query] as const,
  /** The signed-in teacher's own profile: personal, keyed by the teacher. */
  teacherProfile: (teacherId: string) => [...listingKeys.all, 'teacher-profile', teacherId] as const,
  /** The signed-in teacher's own listings as they write them: personal, keyed by the teacher. */
  authoredListings: (teacherId: string) => [...listingKeys.all, 'authored', teacherId] as const,
  authoredListing: (teacherId: string, listingId: string) => [...listingKeys.authoredListings(teacherId), listingId] as const,
};
