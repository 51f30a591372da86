import type { CategoryRef, SearchPage, SearchQuery } from '@kalike/shared/contracts/teacher-listings';
import { DomainError } from '../../shared/domain-error';
import type { GeoRepository } from '../geo/geo.port';
import { placePoint, toGeoPoint, type LearnerPoint } from '../../shared/learner-point';
import type { ListingPageRepository } from './listing-page.repository';
import type { WordCandidateRow, SearchWordsRepository } from './search-words.repository';
import { type ListingPageService, MAX_SEARCH_WORDS, filterFrom } from './listing-page.service';

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
/**
 * Words that say what every listing is ("guitar classes near me"): they would match half the
 * catalogue and push real matches down, so they are left out of the text match.
 */
const GENERIC_WORDS = new Set([
  'class',
  'classes',
  'course',
  'courses',
  'lesson',
  'lessons',
  'teacher',
  'teachers',
  'tutor',
  'tutors',
  'tuition',
  'tuitions',
  'coaching',
  'near',
  'nearby',
  'me',
  'my',
  'for',
  'and',
  'the',
  'with',
  'in',
  'at',
  'best',
  'good',
  'top',
  'learn',
  'online',
  'kids',
  'children',
  'bangalore',
  'bengaluru',
]);

/** Search text as the learner meant it: the text, and its lowercase tokens in order. */
export function parseSearchText(q: string | undefined): { query: string; tokens: string[] } {
  const query = (q ?? '').trim().replace(/\s+/g, ' ');
  const tokens = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
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

export interface SearchServiceOptions {
  listings: ListingPageService;
  pages: Pick<ListingPageRepository, 'findCategoryByIdOrSlug'>;
  vocabulary: SearchWordsRepository;
  /** Finds the locality a search names, by name or pincode. */
  places: Pick<GeoRepository, 'findLocalityNamedBy' | 'findLocalityByPincode'>;
}

/** Search: the text read as subject words and a place, then a page of listings near that place or the learner. */
export function createSearchService({ listings, pages, vocabulary, places }: SearchServiceOptions) {
  return {
    async search(query: SearchQuery, point: LearnerPoint): Promise<SearchPage> {
      const filter = filterFrom(query, point);
      const { query: text, tokens } = parseSearchText(query.q);
      let categoryId: string | undefined;
      if (query.category) {
        const category = await pages.findCategoryByIdOrSlug(query.category);
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
      const notNamedIn = (categories: CategoryRef[], said: string) =>
        categories.filter((category) => !said.toLowerCase().includes(category.name.toLowerCase()));
      const suggestedCategories = notNamedIn(await vocabulary.findCategoriesLike(words, SUGGESTION_MIN_SCORE, 3), text);
      const answer = { query: text, suggestedCategories, place, correctedQuery: null as string | null };
      const empty = { listings: [], nextCursor: null, origin: toGeoPoint(origin), ...answer };
      // Generic words alone ("classes near me") ask for everything near; other text that leaves
      // no word to match (punctuation, an unknown pincode) asks for nothing.
      if (text !== '' && words.length === 0 && !place && !tokens.some((token) => GENERIC_WORDS.has(token))) return empty;

      let wordGroups: string[][] | undefined;
      if (words.length > 0) {
        const candidates = await vocabulary.findWordCandidates(words, { fuzzyMin: WORD_MATCH_MIN_SCORE, guessMin: WORD_GUESS_MIN_SCORE });
        const read = readWordCandidates(words, candidates, query.exact === true);
        // Words that match nothing cannot tell listings apart; if none match, nothing does.
        if (read.groups.length === 0) return empty;
        wordGroups = read.groups;
        if (read.corrections.size > 0) {
          answer.correctedQuery = correctedText(tokens, read.corrections);
          answer.suggestedCategories = notNamedIn(answer.suggestedCategories, answer.correctedQuery);
        }
      }
      const result = await listings.page({ ...filter, origin, categoryId, wordGroups }, query);
      return { ...result, ...answer };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
