import { searchSuggestionLimit, type DiscoverHome, type ListingCard, type SearchSuggestions } from '@kalike/shared/contracts/teacher-listings';
import type { GeoRepository } from '../geo/geo.port';
import { teacherPath } from '../../shared/teacher-page';
import { listingModes, radiusKm } from '@kalike/shared/domain/listing-values';
import { badgeBits } from '../../db/listing-filters';
import { toApartmentSummary, type ApartmentsRepository } from '../apartments/apartments.port';
import type { ListingPageRepository, ListingPageService, SearchWordsRepository } from '../teacher-listings/teacher-listings.port';
import { toGeoPoint, type LearnerPoint } from '../../shared/learner-point';
import { istDateKey } from '@kalike/shared/format/dates';
import { pickForDay, teacherOfTheDayRule } from '@kalike/shared/domain/teacher-of-the-day';

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
/** The nearest well-rated listings the Teacher of the Day is taken from, in turn: more than qualify near one point. */
const TEACHER_OF_THE_DAY_POOL = 200;
/** Near means a class the family can go to: online listings have no distance. */
const inPersonModes = listingModes.filter((mode) => mode !== 'online');

export interface DiscoverServiceOptions {
  listings: ListingPageService;
  listingsRepository: ListingPageRepository;
  words: SearchWordsRepository;
  apartments: ApartmentsRepository;
  places: GeoRepository;
  /** The app's clock: which day's Teacher of the Day to show. */
  now: () => Date;
}

/** Each teacher once, by their first listing (the nearest, listings coming nearest first). */
function firstPerTeacher<Row extends { id: string; teacher_id: string }>(rows: readonly Row[]): Row[] {
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.teacher_id) && seen.add(row.teacher_id));
}

export function createDiscoverService({ listings, listingsRepository, words, apartments, places, now }: DiscoverServiceOptions) {
  /** Well-rated teachers teaching in person within `radiusM`, nearest first, each by their nearest listing. */
  async function wellRatedWithin(origin: LearnerPoint, radiusM: number, limit: number) {
    const rows = await listings.findPositions(
      { origin, radiusM, modes: inPersonModes, minRating: teacherOfTheDayRule.minRating, minRatingCount: teacherOfTheDayRule.minRatings },
      limit,
    );
    return firstPerTeacher(rows);
  }

  /**
   * The Teacher of the Day near the visitor: one of the well-rated teachers within a few km,
   * in turn by the Bengaluru date (ordered by teacher, so the turn does not depend on who is
   * nearest). With none that near, the nearest well-rated teacher the sections reach.
   */
  async function teacherOfTheDay(origin: LearnerPoint): Promise<ListingCard | null> {
    const near = (await wellRatedWithin(origin, teacherOfTheDayRule.nearKm * 1000, TEACHER_OF_THE_DAY_POOL)).sort((a, b) =>
      a.teacher_id.localeCompare(b.teacher_id),
    );
    const chosen = near.length > 0 ? pickForDay(near, istDateKey(now())) : ((await wellRatedWithin(origin, radiusKm.default * 1000, 1))[0] ?? null);
    if (!chosen) return null;
    return (await listings.cardsInOrder([chosen.id], origin))[0] ?? null;
  }

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
        teacherOfTheDay(origin),
        listings.findPositions({ ...near, badgeMask: badgeBits.super_teacher }, SECTION_SIZE * OVERFETCH),
        listings.findPositions({ ...near, badgeMask: badgeBits.verified }, SECTION_SIZE * OVERFETCH),
        listingsRepository.countByCategoryNear(origin, POPULAR_CATEGORY_RADIUS_M, POPULAR_CATEGORIES),
        apartments.findNearbyWithListings(origin, NEARBY_APARTMENTS),
      ]);
      const superIds = distinctTeachers(supers).map((row) => row.id);
      const verifiedIds = distinctTeachers(verified).map((row) => row.id);
      const cards = await listings.cardsInOrder([...new Set([...superIds, ...verifiedIds])], origin);
      const byId = new Map(cards.map((card) => [card.id, card]));
      const pick = (ids: string[]) => ids.flatMap((id): ListingCard[] => (byId.has(id) ? [byId.get(id) as ListingCard] : []));

      return {
        origin: toGeoPoint(origin),
        teacherOfTheDay: ofTheDay,
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
