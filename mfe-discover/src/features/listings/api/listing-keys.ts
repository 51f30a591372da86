import { rootKeys } from '@kalike/shared/query/query-keys';

import type { ListingFilters } from '../utils/listing-filters';

/** The learner's point as the API takes it (`lat`, `long`), rounded so nearby taps share a cache entry. */
export interface LearnerPoint {
  lat: number;
  long: number;
}

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
  /**
   * The teacher page as seen from the learner's point (its distances). The enquiry remote reads
   * the pointless page under the same prefix, so invalidating one teacher covers both.
   */
  teacherPage: (teacherSlug: string, point: LearnerPoint) => [...listingKeys.all, 'teacher-page', teacherSlug, point] as const,
  shortlists: () => [...listingKeys.all, 'shortlist'] as const,
  shortlist: (learnerId: string, point: LearnerPoint) => [...listingKeys.shortlists(), learnerId, point] as const,
  apartments: () => [...listingKeys.all, 'apartments'] as const,
  nearbyApartments: (point: LearnerPoint) => [...listingKeys.apartments(), 'near', point] as const,
  apartment: (slug: string) => [...listingKeys.apartments(), 'detail', slug] as const,
  apartmentSearch: (text: string) => [...listingKeys.apartments(), 'search', text] as const,
  demoClasses: (point: LearnerPoint, days: number) => [...listingKeys.all, 'demo-classes', { point, days }] as const,
};
