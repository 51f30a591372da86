import { isUuid } from '@kalike/shared/domain/uuid';
import { istDateKey } from '@kalike/shared/format/dates';
import { badgeKinds, listingPageLimit, radiusKm } from '@kalike/shared/domain/listing-values';
import type {
  BadgeKind,
  CategoryListingPage,
  GeoPoint,
  ListingCard,
  ListingFiltersQuery,
  ListingModeKind,
  ListingSort,
  TimeOfDay,
} from '@kalike/shared/contracts/teacher-listings';
import { badgeBits, timeOfDayBits } from '../../db/listing-filters';
import { DomainError } from '../../shared/domain-error';
import { teacherPhotoOf } from '../../shared/teacher-photo';
import { teacherPath } from '../../shared/teacher-page';
import { toGeoPoint, type LearnerPoint } from '../../shared/learner-point';
import type { ListingCardRow, ListingFilter, ListingPosition, ListingPositionRow, ListingPageRepository } from './listing-page.repository';

const RATING = /^[0-5](\.\d{1,2})?$/;
/** More words than this add SQL without changing the answer much. */
export const MAX_SEARCH_WORDS = 6;

/** A listing's own place is shown to 3 decimals (about 110 m), never to the door. */
export function shownLocation(place: { lat: number; lng: number }): GeoPoint {
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return { lat: round(place.lat), lng: round(place.lng) };
}

function badgesFromMask(mask: number): BadgeKind[] {
  return badgeKinds.filter((kind) => (mask & badgeBits[kind]) !== 0);
}

const csv = (value: string | undefined): string[] => (value ? [...new Set(value.split(','))] : []);

function maskOf<T extends string>(values: readonly T[], bits: Record<T, number>): number {
  return values.reduce((mask, value) => mask | bits[value], 0);
}

function encodeCursor(sort: ListingSort, position: ListingPosition): string {
  return Buffer.from(JSON.stringify([sort, position.missed, position.online ? 1 : 0, position.key, position.chord, position.id])).toString('base64url');
}

function decodeCursor(cursor: string, sort: ListingSort): ListingPosition {
  const invalid = () => new DomainError('INVALID_CURSOR', 'The cursor is not valid for this list and sort', 400);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 6) throw invalid();
  const [cursorSort, missed, onlineFlag, key, chord, id] = parsed as unknown[];
  if (cursorSort !== sort) throw invalid();
  if (onlineFlag !== 0 && onlineFlag !== 1) throw invalid();
  // Only nearest first sets online listings apart (ranked by rating after the in-person ones).
  const online = onlineFlag === 1;
  if (online && sort !== 'distance') throw invalid();
  if (typeof missed !== 'number' || !Number.isInteger(missed) || missed < 0 || missed > MAX_SEARCH_WORDS) throw invalid();
  if (typeof chord !== 'number' || !Number.isFinite(chord) || chord < 0 || chord > 2e7) throw invalid();
  if (!isUuid(id)) throw invalid();
  if (sort === 'rating' || online) {
    if (typeof key !== 'string' || !RATING.test(key)) throw invalid();
  } else if (sort === 'price_low' || sort === 'price_high') {
    if (typeof key !== 'number' || !Number.isInteger(key) || key < 0 || key > 2_147_483_647) throw invalid();
  } else if (key !== null) {
    throw invalid();
  }
  return { missed, online, key: key as string | number | null, chord, id };
}

function positionOf(row: ListingPositionRow, sort: ListingSort): ListingPosition {
  const online = sort === 'distance' && row.online === true;
  const key = sort === 'rating' || online ? row.rating_key : sort === 'distance' ? null : Number(row.price_key);
  return { missed: Number(row.missed), online, key, chord: Number(row.chord), id: row.id };
}

function toListingCard(row: ListingCardRow): ListingCard {
  return {
    id: row.id,
    title: row.title,
    mode: row.mode,
    teacher: {
      id: row.teacher_id,
      slug: row.teacher_slug,
      name: row.teacher_name,
      photoUrl: row.photo_url,
      photo: teacherPhotoOf(row.photo_files),
      experienceYears: row.experience_years,
      rating: { average: Number(row.rating_avg), count: row.rating_count },
      badges: badgesFromMask(row.badge_mask),
    },
    category: { id: row.category_id, slug: row.category_slug, name: row.category_name },
    locality: { slug: row.locality_slug, name: row.locality_name },
    apartment: row.apartment_slug && row.apartment_name ? { slug: row.apartment_slug, name: row.apartment_name } : null,
    // Home tutors teach at their own address; about 100 m is close enough to judge the trip.
    location: shownLocation(row),
    priceFromPaise: row.price_from_paise,
    ageRange: { min: row.age_min, max: row.age_max },
    // Online classes have no trip, so no distance (the point is only where the teacher is based).
    distanceMetres: row.mode === 'online' ? null : Math.round(Number(row.distance_m)),
    pointPrecision: row.point_precision,
    nextBatchStartsOn: row.next_batch_on,
    seatsLeft: Number(row.seats_left),
    path: teacherPath(row.category_slug, row.teacher_slug),
  };
}

type FilterQuery = Pick<ListingFiltersQuery, 'mode' | 'minPricePaise' | 'maxPricePaise' | 'days' | 'times' | 'age' | 'badges' | 'radiusKm'>;

export function filterFrom(query: FilterQuery, origin: LearnerPoint): ListingFilter {
  if (query.minPricePaise !== undefined && query.maxPricePaise !== undefined && query.minPricePaise > query.maxPricePaise) {
    throw new DomainError('VALIDATION_ERROR', 'querystring.minPricePaise must not be more than maxPricePaise', 400);
  }
  const days = csv(query.days).map(Number);
  return {
    origin,
    radiusM: (query.radiusKm ?? radiusKm.default) * 1000,
    modes: csv(query.mode) as ListingModeKind[],
    minPricePaise: query.minPricePaise,
    maxPricePaise: query.maxPricePaise,
    dayMask: days.reduce((mask, day) => mask | (1 << (day - 1)), 0),
    timeMask: maskOf(csv(query.times) as TimeOfDay[], timeOfDayBits),
    age: query.age,
    badgeMask: maskOf(csv(query.badges) as BadgeKind[], badgeBits),
  };
}

export interface ListingPageServiceOptions {
  repository: ListingPageRepository;
  /** The clock that decides "today" for next batches. */
  now: () => Date;
}

/** Pages of listing cards near the learner: a category's list, and the cards every other list shows. */
export function createListingPageService({ repository, now }: ListingPageServiceOptions) {
  async function cardsInOrder(ids: readonly string[], origin: LearnerPoint): Promise<ListingCard[]> {
    const rows = await repository.findCards(ids, origin, istDateKey(now()));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toListingCard(row)] : [];
    });
  }

  async function page(
    filter: ListingFilter,
    options: { sort?: ListingSort; cursor?: string; limit?: number },
  ): Promise<{ listings: ListingCard[]; nextCursor: string | null; origin: GeoPoint }> {
    const sort = options.sort ?? 'distance';
    const limit = options.limit ?? listingPageLimit.default;
    const position = options.cursor ? decodeCursor(options.cursor, sort) : null;
    // One extra row tells whether another page exists without a count query.
    const rows = await repository.findPage(filter, sort, position, limit + 1);
    const shown = rows.slice(0, limit);
    const last = shown[shown.length - 1];
    return {
      listings: await cardsInOrder(
        shown.map((row) => row.id),
        filter.origin,
      ),
      nextCursor: rows.length > limit && last ? encodeCursor(sort, positionOf(last, sort)) : null,
      origin: toGeoPoint(filter.origin),
    };
  }

  return {
    cardsInOrder,
    page,

    /** The first positions of listings matching a filter, e.g. for the discover sections. */
    findPositions: (filter: ListingFilter, limit: number, sort: ListingSort = 'distance') => repository.findPage(filter, sort, null, limit),

    async listCategory(idOrSlug: string, query: ListingFiltersQuery, point: LearnerPoint): Promise<CategoryListingPage> {
      const filter = filterFrom(query, point);
      const category = await repository.findCategoryByIdOrSlug(idOrSlug);
      if (!category) throw new DomainError('CATEGORY_NOT_FOUND', `No category with id or slug "${idOrSlug}"`, 404);
      return { ...(await page({ ...filter, categoryId: category.id }, query)), category };
    },
  };
}

export type ListingPageService = ReturnType<typeof createListingPageService>;
