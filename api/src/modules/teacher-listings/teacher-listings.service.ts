import { isUuid } from '@kalike/shared/format/uuid';
import { istDateKey } from '@kalike/shared/format/dates';
import { badgeKinds, listingPageLimit, radiusKm } from '@kalike/shared/format/listing-values';
import {
  shortlistMaxSize,
  type Badge,
  type BadgeKind,
  type Batch,
  type CategoryListingPage,
  type CategoryRef,
  type DemoClassList,
  type DemoClassesQuery,
  type GeoPoint,
  type ListingCard,
  type ListingFiltersQuery,
  type ListingModeKind,
  type ListingSort,
  type SearchPage,
  type SearchQuery,
  type Shortlist,
  type ShortlistChange,
  type TeacherPage,
  type TimeOfDay,
} from '@kalike/shared/contracts/teacher-listings';
import { badgeCopy } from '@kalike/shared/format/badges';
import { toClassPackPlan } from '../../shared/class-pack-plans';
import { badgeBits, timeOfDayBits } from '../../db/listing-filters';
import { learnersOnly, type AuthUser } from '../../plugins/auth';
import { DomainError } from '../../shared/domain-error';
import { teacherPath } from '../../shared/teacher-page';
import type {
  ListingCardRow,
  ListingFilter,
  ListingPosition,
  ListingPositionRow,
  TeacherListingsRepository,
  WordCandidateRow,
} from './teacher-listings.repository';
import type { GeoRepository } from '../geo/geo.repository';
import { placePoint, toGeoPoint, type LearnerPoint } from '../../shared/learner-point';

const RATING = /^[0-5](\.\d{1,2})?$/;
/** Reviews shown on the teacher page (the contract promises at most 20). */
const TEACHER_PAGE_REVIEWS = 20;
/** Demo classes are for trying a teacher nearby, so they reach less far than listings. */
export const DEMO_CLASS_RADIUS_M = 10_000;
/** Suggestions for "did you mean": the category must resemble one of the words this much. */
const SUGGESTION_MIN_SCORE = 0.5;
/** A typed word stands for a listing word this similar (pg_trgm's own default for `<%`). */
const WORD_MATCH_MIN_SCORE = 0.6;
/**
 * A word that matches nothing closer is read as the most similar listing words at least this
 * similar ("gitar" is 0.44 like "guitar"); lower lets unrelated words in.
 */
const WORD_GUESS_MIN_SCORE = 0.4;
/** Guesses this close to the best guess are kept too, so a near tie does not hide a subject. */
const WORD_GUESS_SPREAD = 0.05;
/** Up to this many consecutive words are tried as a locality's name ("rajarajeshwari nagar"). */
const PLACE_PHRASE_MAX_WORDS = 3;
const PINCODE = /^56\d{4}$/;
/** More words than this add SQL without changing the answer much. */
const MAX_SEARCH_WORDS = 6;
/**
 * Words that say what every listing is ("guitar classes near me"): they would match half the
 * catalogue and push real matches down, so they are left out of the text match.
 */
const GENERIC_WORDS = new Set([
  'class', 'classes', 'course', 'courses', 'lesson', 'lessons', 'teacher', 'teachers', 'tutor', 'tutors', 'tuition',
  'tuitions', 'coaching', 'near', 'nearby', 'me', 'my', 'for', 'and', 'the', 'with', 'in', 'at', 'best', 'good', 'top',
  'learn', 'online', 'kids', 'children', 'bangalore', 'bengaluru',
]);

/** A listing's own place is shown to 3 decimals (about 110 m), never to the door. */
const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

export function badgesFromMask(mask: number): BadgeKind[] {
  return badgeKinds.filter((kind) => (mask & badgeBits[kind]) !== 0);
}

const csv = (value: string | undefined): string[] => (value ? [...new Set(value.split(','))] : []);

function maskOf<T extends string>(values: readonly T[], bits: Record<T, number>): number {
  return values.reduce((mask, value) => mask | bits[value], 0);
}

function encodeCursor(sort: ListingSort, position: ListingPosition): string {
  return Buffer.from(JSON.stringify([sort, position.missed, position.online ? 1 : 0, position.key, position.chord, position.id])).toString(
    'base64url',
  );
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

export function toListingCard(row: ListingCardRow): ListingCard {
  return {
    id: row.id,
    title: row.title,
    mode: row.mode,
    teacher: {
      id: row.teacher_id,
      slug: row.teacher_slug,
      name: row.teacher_name,
      photoUrl: row.photo_url,
      experienceYears: row.experience_years,
      rating: { average: Number(row.rating_avg), count: row.rating_count },
      badges: badgesFromMask(row.badge_mask),
    },
    category: { id: row.category_id, slug: row.category_slug, name: row.category_name },
    locality: { slug: row.locality_slug, name: row.locality_name },
    apartment: row.apartment_slug && row.apartment_name ? { slug: row.apartment_slug, name: row.apartment_name } : null,
    // Home tutors teach at their own address; about 100 m is close enough to judge the trip.
    location: { lat: round(row.lat, 3), lng: round(row.lng, 3) },
    priceFromPaise: row.price_from_paise,
    ageRange: { min: row.age_min, max: row.age_max },
    // Online classes have no trip, so no distance (the point is only where the teacher is based).
    distanceMetres: row.mode === 'online' ? null : Math.round(Number(row.distance_m)),
    nextBatchStartsOn: row.next_batch_on,
    seatsLeft: Number(row.seats_left),
    path: teacherPath(row.category_slug, row.teacher_slug),
  };
}

/** Search text as the learner meant it: the text, and its lowercase tokens in order. */
export function parseSearchText(q: string | undefined): { query: string; tokens: string[] } {
  const query = (q ?? '').trim().replace(/\s+/g, ' ');
  const tokens = query.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return { query, tokens };
}

/** The tokens that take part in the text match: no generic words, no very short ones, no repeats. */
export function matchWords(tokens: readonly string[]): string[] {
  return [...new Set(tokens.filter((token) => token.length >= 3 && !GENERIC_WORDS.has(token)))].slice(0, MAX_SEARCH_WORDS);
}

/**
 * Runs of consecutive tokens that could name a locality ("jp nagar", "hsr layout"), longest
 * first; generic words ("in", "near") end a run, pincodes are looked up on their own.
 */
export function placePhrases(tokens: readonly string[]): { start: number; length: number; compact: string }[] {
  const phrases: { start: number; length: number; compact: string }[] = [];
  for (let start = 0; start < tokens.length; start++) {
    for (let length = 1; length <= PLACE_PHRASE_MAX_WORDS && start + length <= tokens.length; length++) {
      const run = tokens.slice(start, start + length);
      if (run.some((token) => GENERIC_WORDS.has(token) || /^\d+$/.test(token))) break;
      const compact = run.join('');
      if (compact.length >= 3) phrases.push({ start, length, compact });
    }
  }
  return phrases.sort((a, b) => b.length - a.length || a.start - b.start);
}

/**
 * The listing words each typed word stands for, and the word shown as "showing results for"
 * when the typed one is not a listing word itself. Exact searches take words only as typed.
 */
export function readWordCandidates(
  words: readonly string[],
  candidates: readonly WordCandidateRow[],
  exact: boolean,
): { groups: string[][]; corrections: Map<string, string> } {
  const groups: string[][] = [];
  const corrections = new Map<string, string>();
  words.forEach((typed, index) => {
    const mine = candidates.filter((candidate) => Number(candidate.position) === index + 1);
    const of = (...kinds: WordCandidateRow['kind'][]) => mine.filter((candidate) => kinds.includes(candidate.kind));
    const exactHits = of('exact');
    let chosen: WordCandidateRow[];
    if (exact) chosen = exactHits;
    else {
      // A word typed as a listing word means that word ("hindi" is not "hindustani"); only
      // other spellings of it join in. Close and prefix matches are for words that are not.
      chosen = exactHits.length > 0 ? of('exact', 'synonym', 'sound') : of('synonym', 'sound', 'fuzzy');
      if (chosen.length === 0) {
        const guesses = of('guess');
        const best = guesses[0]?.score ?? 0;
        chosen = guesses.filter((guess) => guess.score >= best - WORD_GUESS_SPREAD);
      }
    }
    if (chosen.length === 0) return;
    groups.push([...new Set(chosen.map((candidate) => candidate.word))]);
    if (exactHits.length === 0) {
      const rank = { exact: 0, synonym: 1, sound: 2, fuzzy: 3, guess: 4 } as const;
      const best = [...chosen].sort((a, b) => rank[a.kind] - rank[b.kind] || b.score - a.score)[0];
      if (best) corrections.set(typed, best.word);
    }
  });
  return { groups, corrections };
}

/** The text with corrected words replaced and the place's words left as typed. */
function correctedText(tokens: readonly string[], corrections: ReadonlyMap<string, string>): string {
  return tokens.map((token) => corrections.get(token) ?? token).join(' ');
}

type FilterQuery = Pick<
  ListingFiltersQuery,
  'mode' | 'minPricePaise' | 'maxPricePaise' | 'days' | 'times' | 'age' | 'badges' | 'radiusKm'
>;

function filterFrom(query: FilterQuery, origin: LearnerPoint): ListingFilter {
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

export interface TeacherListingsServiceOptions {
  repository: TeacherListingsRepository;
  /** Finds the locality a search names, by name or pincode. */
  places: Pick<GeoRepository, 'findLocalityNamedBy' | 'findLocalityByPincode'>;
  /** The clock that decides "today" for next batches and the demo-class window. */
  now: () => Date;
}

export function createTeacherListingsService({ repository, places, now }: TeacherListingsServiceOptions) {
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
      listings: await cardsInOrder(shown.map((row) => row.id), filter.origin),
      nextCursor: rows.length > limit && last ? encodeCursor(sort, positionOf(last, sort)) : null,
      origin: toGeoPoint(filter.origin),
    };
  }

  return {
    cardsInOrder,

    /** The first positions of listings matching a filter, e.g. for the discover sections. */
    findPositions: (filter: ListingFilter, limit: number, sort: ListingSort = 'distance') =>
      repository.findPage(filter, sort, null, limit),

    async listCategory(idOrSlug: string, query: ListingFiltersQuery, point: LearnerPoint): Promise<CategoryListingPage> {
      const filter = filterFrom(query, point);
      const category = await repository.findCategoryByIdOrSlug(idOrSlug);
      if (!category) throw new DomainError('CATEGORY_NOT_FOUND', `No category with id or slug "${idOrSlug}"`, 404);
      return { ...(await page({ ...filter, categoryId: category.id }, query)), category };
    },

    async search(query: SearchQuery, point: LearnerPoint): Promise<SearchPage> {
      const filter = filterFrom(query, point);
      const { query: text, tokens } = parseSearchText(query.q);
      let categoryId: string | undefined;
      if (query.category) {
        const category = await repository.findCategoryByIdOrSlug(query.category);
        if (!category) throw new DomainError('CATEGORY_NOT_FOUND', `No category with slug "${query.category}"`, 404);
        categoryId = category.id;
      }

      // A locality or pincode in the text says where to look: the search moves there and the
      // words that named it take no part in the text match.
      const placeTokens = new Set<number>();
      const pincodeAt = tokens.findIndex((token) => PINCODE.test(token));
      let placeRow = pincodeAt >= 0 ? await places.findLocalityByPincode(tokens[pincodeAt] ?? '') : undefined;
      if (placeRow) placeTokens.add(pincodeAt);
      else {
        const phrases = placePhrases(tokens);
        const named = await places.findLocalityNamedBy(phrases);
        const phrase = named ? phrases[named.phrase] : undefined;
        if (named && phrase) {
          placeRow = named;
          for (let i = phrase.start; i < phrase.start + phrase.length; i++) placeTokens.add(i);
        }
      }
      const origin = placeRow ? placePoint(placeRow) : filter.origin;
      const place = placeRow ? { slug: placeRow.slug, name: placeRow.name, pincode: placeRow.pincode } : null;
      const restTokens = tokens.filter((token, index) => !placeTokens.has(index) && !(pincodeAt === index && PINCODE.test(token)));
      const words = matchWords(restTokens);

      // A subject the text (or how it was read) already names is what is being shown: "Did you
      // mean Guitar?" above guitar teachers would read as if they were something else.
      const notNamedIn = (categories: CategoryRef[], said: string) => categories.filter((category) => !said.toLowerCase().includes(category.name.toLowerCase()));
      const suggestedCategories = notNamedIn(await repository.findCategoriesLike(words, SUGGESTION_MIN_SCORE, 3), text);
      const answer = { query: text, suggestedCategories, place, correctedQuery: null as string | null };
      const empty = { listings: [], nextCursor: null, origin: toGeoPoint(origin), ...answer };
      // Generic words alone ("classes near me") ask for everything near; other text that leaves
      // no word to match (punctuation, an unknown pincode) asks for nothing.
      if (text !== '' && words.length === 0 && !place && !tokens.some((token) => GENERIC_WORDS.has(token))) return empty;

      let wordGroups: string[][] | undefined;
      if (words.length > 0) {
        const candidates = await repository.findWordCandidates(words, { fuzzyMin: WORD_MATCH_MIN_SCORE, guessMin: WORD_GUESS_MIN_SCORE });
        const read = readWordCandidates(words, candidates, query.exact === true);
        // Words that match nothing cannot tell listings apart; if none match, nothing does.
        if (read.groups.length === 0) return empty;
        wordGroups = read.groups;
        if (read.corrections.size > 0) {
          answer.correctedQuery = correctedText(tokens, read.corrections);
          answer.suggestedCategories = notNamedIn(answer.suggestedCategories, answer.correctedQuery);
        }
      }
      const result = await page({ ...filter, origin, categoryId, wordGroups }, query);
      return { ...result, ...answer };
    },

    async teacherPage(slug: string, origin: LearnerPoint | null): Promise<TeacherPage> {
      const teacher = await repository.findTeacherBySlug(slug);
      const notFound = () => new DomainError('TEACHER_NOT_FOUND', `No listed teacher with slug "${slug}"`, 404);
      if (!teacher) throw notFound();
      const listings = await repository.findTeacherListings(teacher.id, teacher.main_category_id, origin);
      const primary = listings[0];
      // A teacher with no active listing is not in the marketplace, so has no page.
      if (!primary) throw notFound();

      const [badges, reviews, programs] = await Promise.all([
        repository.findBadges(teacher.id),
        repository.findReviews(teacher.id, TEACHER_PAGE_REVIEWS),
        repository.findPrograms(listings.map((listing) => listing.id)),
      ]);
      const batches = await repository.findBatches(programs.map((program) => program.id));
      const plans = await repository.findPlans(batches.map((batch) => batch.id));

      const plansByBatch = groupBy(plans, (plan) => plan.batch_id);
      const batchesByProgram = groupBy(batches, (batch) => batch.program_id);
      const programsByListing = groupBy(programs, (program) => program.listing_id);
      const toBatch = (batch: (typeof batches)[number]): Batch => ({
        id: batch.id,
        name: batch.name,
        daysOfWeek: batch.days_of_week.map(Number),
        startTime: batch.start_time,
        endTime: batch.end_time,
        startsOn: batch.starts_on,
        capacity: batch.capacity,
        seatsLeft: batch.seats_left,
        place: {
          kind: batch.place,
          name: batch.place === 'online' ? 'Online' : (batch.place_name ?? ''),
          pincode: batch.place === 'online' ? null : batch.place_pincode,
        },
        plans: (plansByBatch.get(batch.id) ?? []).map(toClassPackPlan),
      });
      const badgeOrder = (kind: BadgeKind) => badgeKinds.indexOf(kind);

      return {
        teacher: {
          id: teacher.id,
          slug: teacher.slug,
          name: teacher.name,
          photoUrl: teacher.photo_url,
          bio: teacher.bio,
          experienceYears: teacher.experience_years,
          languages: teacher.languages,
          rating: { average: Number(teacher.rating_avg), count: teacher.rating_count },
          badges: [...badges]
            .sort((a, b) => badgeOrder(a.badge) - badgeOrder(b.badge))
            .map(
              (badge): Badge => ({
                kind: badge.badge,
                label: badgeCopy[badge.badge].label,
                meaning: badgeCopy[badge.badge].meaning,
                grantedAt: new Date(badge.granted_at).toISOString(),
                reason: badge.reason,
              }),
            ),
          memberSince: teacher.member_since,
        },
        listings: listings.map((listing) => ({
          id: listing.id,
          title: listing.title,
          mode: listing.mode,
          category: { id: listing.category_id, slug: listing.category_slug, name: listing.category_name },
          locality: { slug: listing.locality_slug, name: listing.locality_name },
          apartment:
            listing.apartment_slug && listing.apartment_name ? { slug: listing.apartment_slug, name: listing.apartment_name } : null,
          location: { lat: round(listing.lat, 3), lng: round(listing.lng, 3) },
          priceFromPaise: listing.price_from_paise,
          ageRange: { min: listing.age_min, max: listing.age_max },
          programs: (programsByListing.get(listing.id) ?? []).map((program) => ({
            id: program.id,
            name: program.name,
            level: program.level,
            description: program.description,
            batches: (batchesByProgram.get(program.id) ?? []).map(toBatch),
          })),
          ...(listing.distance_m === null || listing.mode === 'online' ? {} : { distanceMetres: Math.round(Number(listing.distance_m)) }),
          path: teacherPath(listing.category_slug, teacher.slug),
        })),
        reviews: reviews.map((review) => ({
          id: review.id,
          authorName: review.author_name,
          rating: review.rating,
          comment: review.comment,
          createdAt: new Date(review.created_at).toISOString(),
          categoryName: review.category_name,
        })),
        canonicalPath: teacherPath(primary.category_slug, teacher.slug),
      };
    },

    async shortlist(user: AuthUser, origin: LearnerPoint): Promise<Shortlist> {
      const learnerAccountId = shortlistLearners.idOf(user);
      const entries = await repository.findShortlist(learnerAccountId);
      const cards = await cardsInOrder(entries.map((entry) => entry.listing_id), origin);
      const addedAt = new Map(entries.map((entry) => [entry.listing_id, new Date(entry.created_at).toISOString()]));
      return { listings: cards.map((card) => ({ ...card, shortlistedAt: addedAt.get(card.id) ?? '' })) };
    },

    async addToShortlist(user: AuthUser, listingId: string): Promise<ShortlistChange> {
      const learnerAccountId = shortlistLearners.idOf(user);
      if (!(await repository.isActiveListing(listingId))) {
        throw new DomainError('LISTING_NOT_FOUND', `No active listing with id ${listingId}`, 404);
      }
      const outcome = await repository.addToShortlist(learnerAccountId, listingId, shortlistMaxSize);
      if (outcome === 'full') {
        throw new DomainError('SHORTLIST_FULL', `A shortlist holds at most ${shortlistMaxSize} listings; remove one first`, 409);
      }
      return { teacherListingID: listingId, shortlisted: true };
    },

    async removeFromShortlist(user: AuthUser, listingId: string): Promise<ShortlistChange> {
      await repository.removeFromShortlist(shortlistLearners.idOf(user), listingId);
      return { teacherListingID: listingId, shortlisted: false };
    },

    async demoClasses(query: DemoClassesQuery, origin: LearnerPoint): Promise<DemoClassList> {
      const current = now();
      const today = istDateKey(current);
      const sessions = await repository.findDemoSessions({
        origin,
        radiusM: DEMO_CLASS_RADIUS_M,
        from: current.toISOString(),
        // Whole IST days: "the next 7 days" ends at midnight in Bengaluru, not at this hour.
        until: `${addDays(today, query.days ?? 7)}T00:00:00+05:30`,
        categorySlug: query.category,
        limit: query.limit ?? 30,
      });
      const cards = await cardsInOrder([...new Set(sessions.map((session) => session.listing_id))], origin);
      const cardById = new Map(cards.map((card) => [card.id, card]));
      return {
        origin: toGeoPoint(origin),
        demoClasses: sessions.flatMap((session) => {
          const listing = cardById.get(session.listing_id);
          if (!listing) return [];
          return [
            {
              sessionId: session.session_id,
              startsAt: new Date(session.starts_at).toISOString(),
              endsAt: new Date(session.ends_at).toISOString(),
              batch: { id: session.batch_id, name: session.batch_name, seatsLeft: session.seats_left },
              program: { id: session.program_id, name: session.program_name, level: session.level },
              listing,
            },
          ];
        }),
      };
    },
  };
}

/** Only learners have shortlists, and only their own: the account comes from the token. */
export const shortlistLearners = learnersOnly('Only learners have a shortlist');

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

export type TeacherListingsService = ReturnType<typeof createTeacherListingsService>;
