import { searchSuggestionLimit, type DiscoverHome, type ListingCard, type SearchSuggestions } from '@kalike/shared/contracts/teacher-listings';
import type { GeoRepository } from '../geo/geo.port';
import { teacherPath } from '../../shared/teacher-page';
import { radiusKm } from '@kalike/shared/domain/listing-values';
import { badgeBits } from '../../db/listing-filters';
import { toApartmentSummary, type ApartmentsRepository } from '../apartments/apartments.port';
import type { ListingPageRepository, ListingPageService, SearchWordsRepository } from '../teacher-listings/teacher-listings.port';
import { toGeoPoint, type LearnerPoint } from '../../shared/learner-point';

const SECTION_SIZE = 6;
/** "Popular near you" counts listings this close; the sections reach as far as the listings do. */
export const POPULAR_CATEGORY_RADIUS_M = 5_000;
const POPULAR_CATEGORIES = 8;
const NEARBY_APARTMENTS = 6;
/**
 * A section shows each teacher once. The nearest listings of one badge holder often sit
 * together (several categories at one address), so read a few more than needed and drop repeats.
 */
const OVERFETCH = 4;

export interface DiscoverServiceOptions {
  listings: ListingPageService;
  listingsRepository: ListingPageRepository;
  words: SearchWordsRepository;
  apartments: ApartmentsRepository;
  places: GeoRepository;
}

export function createDiscoverService({ listings, listingsRepository, words, apartments, places }: DiscoverServiceOptions) {
  return {
    /**
     * What the search box offers as the learner types, from the first letter: subjects,
     * teachers and places. One letter matches starts of words only; from two letters places
     * match anywhere in the name, and from three, misspellings too.
     */
    async suggestions(q: string): Promise<SearchSuggestions> {
      const text = q.trim().replace(/\s+/g, ' ').toLowerCase();
      if (text === '') return { subjects: [], teachers: [], places: [] };
      const [subjects, teachers, placeRows] = await Promise.all([
        words.suggestCategories(text, searchSuggestionLimit),
        words.suggestTeachers(text, searchSuggestionLimit),
        text.length >= 2 ? places.searchPlaces(text, searchSuggestionLimit) : places.localitiesStartingWith(text, searchSuggestionLimit),
      ]);
      return {
        subjects,
        teachers: teachers.map((teacher) => ({
          slug: teacher.slug,
          name: teacher.name,
          categoryName: teacher.category_name,
          path: teacherPath(teacher.category_slug, teacher.slug),
        })),
        places: placeRows.map((place) => ({ kind: place.kind, slug: place.slug, name: place.name, pincode: place.pincode })),
      };
    },

    /** Every section of the discover home in one answer, so a phone paints it after one request. */
    async home(origin: LearnerPoint): Promise<DiscoverHome> {
      const near = { origin, radiusM: radiusKm.default * 1000 };
      const distinctTeachers = (rows: { id: string; teacher_id: string }[]) => {
        const seen = new Set<string>();
        return rows.filter((row) => !seen.has(row.teacher_id) && seen.add(row.teacher_id)).slice(0, SECTION_SIZE);
      };

      const [ofTheDay, supers, verified, categories, nearbyApartments] = await Promise.all([
        listings.findPositions({ ...near, badgeMask: badgeBits.teacher_of_the_day }, 1),
        listings.findPositions({ ...near, badgeMask: badgeBits.super_teacher }, SECTION_SIZE * OVERFETCH),
        listings.findPositions({ ...near, badgeMask: badgeBits.verified }, SECTION_SIZE * OVERFETCH),
        listingsRepository.countByCategoryNear(origin, POPULAR_CATEGORY_RADIUS_M, POPULAR_CATEGORIES),
        apartments.findNearbyWithListings(origin, NEARBY_APARTMENTS),
      ]);
      const superIds = distinctTeachers(supers).map((row) => row.id);
      const verifiedIds = distinctTeachers(verified).map((row) => row.id);
      const cards = await listings.cardsInOrder([...new Set([...ofTheDay.map((row) => row.id), ...superIds, ...verifiedIds])], origin);
      const byId = new Map(cards.map((card) => [card.id, card]));
      const pick = (ids: string[]) => ids.flatMap((id): ListingCard[] => (byId.has(id) ? [byId.get(id) as ListingCard] : []));

      return {
        origin: toGeoPoint(origin),
        teacherOfTheDay: pick(ofTheDay.map((row) => row.id))[0] ?? null,
        superTeachers: pick(superIds),
        verifiedTeachers: pick(verifiedIds),
        popularCategories: categories.map((category) => ({
          id: category.id,
          slug: category.slug,
          name: category.name,
          icon: category.icon,
          nearbyListingCount: category.nearby_listing_count,
        })),
        nearbyApartments: nearbyApartments.map(toApartmentSummary),
      };
    },
  };
}
