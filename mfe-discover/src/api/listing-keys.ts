import type { QueryKey } from '@tanstack/react-query';
import { rootKeys } from '@kalike/shared/query/query-keys';
import type { LearnerPoint } from '@kalike/shared/location/learner-point';

import type { ListingFilters } from '../utils/listing-filters';

/**
 * What learners browse, generic to specific (all → lists → one list). Listing and teacher
 * responses carry no per-learner state and are keyed without the learner; only the
 * shortlist is personal.
 */
const learnerListingKeys = {
  all: [...rootKeys.listings, 'learner'] as const,
  discover: (point: LearnerPoint) => [...learnerListingKeys.all, 'discover', point] as const,
  lists: () => [...learnerListingKeys.all, 'list'] as const,
  categoryList: (categorySlug: string, filters: ListingFilters, point: LearnerPoint) =>
    [...learnerListingKeys.lists(), 'category', categorySlug, { filters, point }] as const,
  searchList: (search: { q: string; category?: string; exact?: boolean }, filters: ListingFilters, point: LearnerPoint) =>
    [...learnerListingKeys.lists(), 'search', { ...search, filters, point }] as const,
  /** Typeahead answers are the same for everyone and depend on the text alone. */
  searchSuggestions: (text: string) => [...learnerListingKeys.all, 'search-suggestions', text] as const,
  // The teacher page, read by the enquiry remote too, has its keys in shared (teacher-page-query.ts).
  shortlists: () => [...learnerListingKeys.all, 'shortlist'] as const,
  shortlist: (learnerId: string, point: LearnerPoint) => [...learnerListingKeys.shortlists(), learnerId, point] as const,
  apartments: () => [...learnerListingKeys.all, 'apartments'] as const,
  nearbyApartments: (point: LearnerPoint) => [...learnerListingKeys.apartments(), 'near', point] as const,
  apartment: (slug: string) => [...learnerListingKeys.apartments(), 'detail', slug] as const,
  apartmentSearch: (text: string) => [...learnerListingKeys.apartments(), 'search', text] as const,
  demoClasses: (point: LearnerPoint, days: number) => [...learnerListingKeys.all, 'demo-classes', { point, days }] as const,
};

/** The signed-in teacher's own profile, reviews and listings as they write them: personal, keyed by the teacher. */
const teachListingKeys = {
  all: [...rootKeys.listings, 'teach'] as const,
  profile: (teacherId: string) => [...teachListingKeys.all, 'profile', teacherId] as const,
  reviews: (teacherId: string) => [...teachListingKeys.all, 'reviews', teacherId] as const,
  authoredListings: (teacherId: string) => [...teachListingKeys.all, 'authored', teacherId] as const,
  authoredListing: (teacherId: string, listingId: string) => [...teachListingKeys.authoredListings(teacherId), listingId] as const,
};

/** Admins only: listings waiting for review, and teachers found to manage their badges. */
const adminListingKeys = {
  all: [...rootKeys.listings, 'admin'] as const,
  reviews: () => [...adminListingKeys.all, 'reviews'] as const,
  teacherSearches: () => [...adminListingKeys.all, 'teachers'] as const,
  teachers: (query: string) => [...adminListingKeys.teacherSearches(), query] as const,
};

/** The category a `learner.categoryList` key lists; undefined for any other key. */
export function categoryListSlug(queryKey: QueryKey | undefined): string | undefined {
  const prefix = [...learnerListingKeys.lists(), 'category'];
  if (!queryKey || !prefix.every((part, index) => queryKey[index] === part)) return undefined;
  const slug = queryKey[prefix.length];
  return typeof slug === 'string' ? slug : undefined;
}

/**
 * Every marketplace query of this remote, by audience, so a mutation can invalidate exactly
 * what it changed and one audience's changes never refetch another's lists.
 */
export const listingKeys = {
  all: rootKeys.listings,
  learner: learnerListingKeys,
  teach: teachListingKeys,
  admin: adminListingKeys,
};
