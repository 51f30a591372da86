import { isUuid } from '@kalike/shared/domain/uuid';
import type { PointPrecision } from '@kalike/shared/domain/listing-values';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, ListingMode, StoredPhotoFile } from '../../db/schema';
import { greatCircleMetres, type LearnerPoint } from '../../shared/learner-point';
import { publicSeatsLeft } from '../../shared/public-seats';
import { chordFrom, metresFrom, searchVector, withinRadius, withSettings, wordsQuery } from './listing-sql';

export type ListingSortKind = 'distance' | 'rating' | 'price_low' | 'price_high';

/** What narrows a list of listings; every field is optional except the point and radius. */
export interface ListingFilter {
  origin: LearnerPoint;
  radiusM: number;
  categoryId?: string;
  modes?: ListingMode[];
  minPricePaise?: number;
  maxPricePaise?: number;
  /** Listings with a batch on any of these weekdays (bits of day_mask). */
  dayMask?: number;
  /** Listings with a batch starting in any of these times of day (bits of time_mask). */
  timeMask?: number;
  age?: number;
  /** Listings whose teacher holds all of these badges (bits of badge_mask). */
  badgeMask?: number;
  /**
   * Search: for each typed word that matched the vocabulary, the listing words it stands for.
   * A listing must use a word of at least one group; those matching more groups come first.
   */
  wordGroups?: string[][];
  apartmentId?: string;
  /** Listings whose teacher is rated at least this (teachers.rating_avg, copied onto the listing). */
  minRating?: number;
  /** Listings whose teacher has at least this many ratings. */
  minRatingCount?: number;
}

/**
 * Where the previous page ended: the sort tuple of its last row. `chord` is the straight-line
 * distance through the earth (cube `<->`) the GiST index orders by; it ranks exactly like the
 * great-circle distance and, unlike a rounded metre figure, never ties two different points.
 */
export interface ListingPosition {
  missed: number;
  /** Nearest first, whether the page ended among the online listings, which follow the in-person ones. */
  online: boolean;
  /** rating_avg as exact numeric text for `rating` (and online listings nearest first), price_from_paise for the price sorts. */
  key: string | number | null;
  chord: number;
  id: string;
}

export interface ListingPositionRow {
  id: string;
  teacher_id: string;
  missed: number;
  online: boolean;
  rating_key: string;
  price_key: number;
  chord: number;
}

export interface ListingCardRow {
  id: string;
  title: string;
  mode: ListingMode;
  lat: number;
  lng: number;
  point_precision: PointPrecision;
  price_from_paise: number;
  age_min: number;
  age_max: number;
  badge_mask: number;
  distance_m: number;
  teacher_id: string;
  teacher_slug: string;
  teacher_name: string;
  photo_url: string | null;
  photo_files: StoredPhotoFile[];
  experience_years: number;
  rating_avg: number;
  rating_count: number;
  category_id: string;
  category_slug: string;
  category_name: string;
  locality_slug: string;
  locality_name: string;
  apartment_slug: string | null;
  apartment_name: string | null;
  next_batch_on: string | null;
  seats_left: number;
}

export interface CategoryRefRow {
  id: string;
  slug: string;
  name: string;
}

export interface CategoryCountRow {
  id: string;
  slug: string;
  name: string;
  icon: string;
  nearby_listing_count: number;
}

interface PlaceNameRow {
  id: string;
  slug: string;
  name: string;
}

type CardQueryRow = Omit<ListingCardRow, 'category_slug' | 'category_name' | 'locality_slug' | 'locality_name' | 'apartment_slug' | 'apartment_name'> & {
  locality_id: string;
  apartment_id: string | null;
};

/**
 * Reference rows kept in memory by key: asked for some keys, it answers from what it keeps when
 * it keeps them all, else reads the rows again (so one added since is found).
 */
function keptReferenceRows<Row>(read: () => Promise<[string, Row][]>): (keys: readonly string[]) => Promise<ReadonlyMap<string, Row>> {
  let kept = new Map<string, Row>();
  return async (keys) => {
    if (!keys.every((key) => kept.has(key))) kept = new Map(await read());
    return kept;
  };
}

/** Above this radius the earth_box covers most of the city and only slows a bitmap scan down. */
const BOX_USEFUL_BELOW_M = 5_000;

/**
 * `words`: how the search words are tested. `array` (`search_words && …`) is what the GIN index
 * answers; `vector` (the same test on the words as a tsvector) is what the GiST index on (point,
 * words) answers while walking nearest-first.
 */
function filterConditions(filter: ListingFilter, options: { box: boolean; words?: 'array' | 'vector' }): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [sql`l.is_active`];
  conditions.push(options.box ? withinRadius(filter.origin, filter.radiusM) : sql`${metresFrom(filter.origin)} <= ${filter.radiusM}::float8`);
  if (filter.categoryId) conditions.push(sql`l.category_id = ${filter.categoryId}::uuid`);
  if (filter.apartmentId) conditions.push(sql`l.apartment_id = ${filter.apartmentId}::uuid`);
  if (filter.modes?.length) conditions.push(sql`l.mode = any(${filter.modes}::text[])`);
  if (filter.minPricePaise !== undefined) conditions.push(sql`l.price_from_paise >= ${filter.minPricePaise}::int`);
  if (filter.maxPricePaise !== undefined) conditions.push(sql`l.price_from_paise <= ${filter.maxPricePaise}::int`);
  if (filter.dayMask) conditions.push(sql`(l.day_mask & ${filter.dayMask}::smallint) <> 0`);
  if (filter.timeMask) conditions.push(sql`(l.time_mask & ${filter.timeMask}::smallint) <> 0`);
  // One literal condition per badge bit, written exactly like the partial indexes' predicates
  // (0006), so the planner can prove they apply. The bits are code constants, never user text.
  for (const bit of [1, 2, 4]) {
    if (filter.badgeMask && (filter.badgeMask & bit) !== 0) conditions.push(sql`(l.badge_mask & ${sql.lit(bit)}) <> 0`);
  }
  if (filter.minRating !== undefined) conditions.push(sql`l.teacher_rating_avg >= ${filter.minRating}::numeric`);
  if (filter.minRatingCount !== undefined) {
    conditions.push(sql`exists (select 1 from teachers t where t.id = l.teacher_id and t.rating_count >= ${filter.minRatingCount}::int)`);
  }
  if (filter.age !== undefined) conditions.push(sql`l.age_min <= ${filter.age}::int and l.age_max >= ${filter.age}::int`);
  if (filter.wordGroups) {
    const words = filter.wordGroups.flat();
    conditions.push(options.words === 'vector' ? sql`${searchVector} @@ ${wordsQuery([words])}` : sql`l.search_words && ${words}::text[]`);
  }
  return conditions;
}

/** How many matched search words a listing does not use; 0 unless two or more words matched. */
function missedWords(groups: readonly string[][] | undefined): RawBuilder<number> {
  if (!groups || groups.length < 2) return sql<number>`0`;
  return sql<number>`(${sql.join(
    groups.map((group) => sql`(case when l.search_words && ${group}::text[] then 0 else 1 end)`),
    sql` + `,
  )})`;
}

interface SortKey {
  expression: RawBuilder<unknown>;
  descending: boolean;
  value: unknown;
}

/**
 * Rows strictly after `keys` in the page order: the lexicographic comparison written out,
 * because the keys mix directions (rating and price_high descend, the rest ascend).
 */
function after(keys: SortKey[]): RawBuilder<boolean> {
  const alternatives = keys.map((key, index) => {
    const equalities = keys.slice(0, index).map((earlier) => sql`${earlier.expression} = ${earlier.value}`);
    const step = key.descending ? sql`${key.expression} < ${key.value}` : sql`${key.expression} > ${key.value}`;
    return sql`(${sql.join([...equalities, step], sql` and `)})`;
  });
  return sql<boolean>`(${sql.join(alternatives, sql` or `)})`;
}

/**
 * Within one tier of matched words, rows follow the sort's own keys. Nearest first puts online
 * listings after the in-person ones, best rated first, so those are sorted by rating.
 */
function sortKeysFor(sort: ListingSortKind, online: boolean, position: ListingPosition | null, chord: RawBuilder<unknown>): SortKey[] {
  const keys: SortKey[] = [];
  if (sort === 'rating' || (sort === 'distance' && online)) {
    keys.push({ expression: sql`l.teacher_rating_avg`, descending: true, value: sql`${position?.key}::numeric` });
  }
  if (sort === 'price_low' || sort === 'price_high') {
    keys.push({ expression: sql`l.price_from_paise`, descending: sort === 'price_high', value: sql`${position?.key}::int` });
  }
  keys.push({ expression: chord, descending: false, value: sql`${position?.chord}::float8` });
  keys.push({ expression: sql`l.id`, descending: false, value: sql`${position?.id}::uuid` });
  return keys;
}

const orderOf = (keys: SortKey[]) => sql.join(keys.map((key) => (key.descending ? sql`${key.expression} desc` : key.expression)));
const modeCondition = (online: boolean) => (online ? sql`l.mode = 'online'` : sql`l.mode <> 'online'`);

/** Listing positions meeting the conditions, each with its tier of missed words, whether online, and its sort values. */
const positionsWhere = (chord: RawBuilder<unknown>, conditions: RawBuilder<unknown>[], tier: number | null, online: boolean) => sql`
  select l.id, l.teacher_id, ${tier ?? 0}::int as missed, ${online}::boolean as online,
         l.teacher_rating_avg::text as rating_key, l.price_from_paise as price_key, ${chord} as chord
  from teacher_listings l
  where ${sql.join(conditions, sql` and `)}`;

const sortedPositions = (
  chord: RawBuilder<unknown>,
  { conditions, tier, online, keys, rows }: { conditions: RawBuilder<unknown>[]; tier: number | null; online: boolean; keys: SortKey[]; rows: number },
) => sql<ListingPositionRow>`
  ${positionsWhere(chord, conditions, tier, online)}
  order by ${orderOf(keys)}
  limit ${rows}`;

/**
 * One page of listing positions in sort order. Sorting by distance lets the GiST index hand
 * rows over nearest-first (`<->` in ORDER BY), so a page costs about `limit` index probes
 * plus whatever the filters skip; the other sorts read every match within the radius.
 */
async function findPage(
  db: Kysely<Database>,
  filter: ListingFilter,
  sort: ListingSortKind,
  position: ListingPosition | null,
  limit: number,
): Promise<ListingPositionRow[]> {
  const chord = chordFrom(filter.origin);
  const groups = filter.wordGroups ?? [];
  // Nearest first is about the trip, and an online class has none: online listings follow
  // the in-person ones, best rated first, instead of ranking by where their teacher lives.
  const splitOnline = sort === 'distance';

  const run = async (tier: number | null, online: boolean, resume: boolean, rows: number): Promise<ListingPositionRow[]> => {
    const keys = sortKeysFor(sort, online, position, chord);
    if (sort === 'distance' && !online) {
      // Every word matched: one tsquery requiring a word of each group.
      const tierConditions = tier === 0 ? [sql`${searchVector} @@ ${wordsQuery(groups)}`] : tier !== null ? [sql`${missedWords(groups)} = ${tier}::int`] : [];
      return nearestFirst(resume, rows, keys, tier, tierConditions);
    }
    const conditions = filterConditions(filter, { box: filter.radiusM <= BOX_USEFUL_BELOW_M });
    if (splitOnline) conditions.push(modeCondition(online));
    if (tier === 0) {
      // Every word matched: one GIN condition per word, so the index intersects them.
      for (const group of groups) conditions.push(sql`l.search_words && ${group}::text[]`);
    } else if (tier !== null) {
      conditions.push(sql`${missedWords(groups)} = ${tier}::int`);
    }
    if (resume) conditions.push(after(keys));
    const query = sortedPositions(chord, { conditions, tier, online, keys, rows });
    // Price with search words: 14 prices over the whole city, so walking the price index
    // reads thousands of rows of the first prices before enough use the words, and the
    // planner cannot tell. Reading the words' GIN candidates and sorting them is steadier;
    // with index scans allowed the planner takes the walk.
    if (groups.length > 0 && (sort === 'price_low' || sort === 'price_high')) {
      return withSettings(db, ['enable_indexscan = off', 'random_page_cost = 1.1'], query);
    }
    return (await query.execute(db)).rows;
  };

  /**
   * Nearest first: a KNN walk of a GiST index on the point (with the category or the
   * search words beside it when the list has them), bounded by the box. The walk is ordered by distance alone, because PostgreSQL before 17 offers no KNN path
   * for `order by distance, id`; rows come back sorted by (distance, id) here instead. A walk
   * cut off by its limit may have cut a group of equally distant listings (every class in
   * one apartment), so only rows nearer than its farthest row are trusted; when too few
   * are, a plain sorted query over the box up to that distance settles it.
   */
  async function nearestFirst(
    resume: boolean,
    rows: number,
    keys: SortKey[],
    tier: number | null,
    tierConditions: RawBuilder<unknown>[],
  ): Promise<ListingPositionRow[]> {
    // No earth_box here: the planner guesses every box holds 0.1% of rows and would read the
    // whole box through a bitmap and sort it. Without one, the only index path is the walk,
    // which stops after `walkLimit` rows that pass the filters; the composite GiST indexes
    // (category and point; point and words) answer the filter and the order together.
    const conditions = [...filterConditions(filter, { box: false, words: 'vector' }), modeCondition(false), ...tierConditions];
    if (resume && position) conditions.push(sql`${chord} >= ${position.chord}::float8`);
    // One row past the page tells whether the page's last distance is shared (a tie cut by
    // the limit); the rare tie is settled below, so the walk reads no more than that.
    const walkLimit = rows + 1;
    const walked = (
      await sql<ListingPositionRow>`
        select * from (${positionsWhere(chord, conditions, tier, false)} order by ${chord} limit ${walkLimit}) nearest
        order by chord, id`.execute(db)
    ).rows;
    const isAfter = (row: ListingPositionRow) => !position || !resume || row.chord > position.chord || (row.chord === position.chord && row.id > position.id);
    const candidates = walked.filter(isAfter);
    if (walked.length < walkLimit) return candidates.slice(0, rows);
    const farthest = walked[walked.length - 1]?.chord ?? 0;
    const trusted = candidates.filter((row) => row.chord < farthest);
    if (trusted.length >= rows) return trusted.slice(0, rows);

    // When enough rows lie within the walked distance, nothing past it is needed, so the box
    // shrinks to that distance (great-circle metres of the chord, plus a metre of slack).
    const withinWalk = candidates.length >= rows;
    const reachM = withinWalk ? Math.min(filter.radiusM, greatCircleMetres(farthest) + 1) : filter.radiusM;
    const settle = [...filterConditions({ ...filter, radiusM: reachM }, { box: true, words: 'vector' }), modeCondition(false), ...tierConditions];
    if (withinWalk) settle.push(sql`${chord} <= ${farthest}::float8`, sql`${metresFrom(filter.origin)} <= ${filter.radiusM}::float8`);
    if (resume) settle.push(after(keys));
    return (await sortedPositions(chord, { conditions: settle, tier, online: false, keys, rows }).execute(db)).rows;
  }

  // Listings using more of the typed words come first. Each tier is its own query, so the
  // first page of "guitar koramangala" reads only listings with both words (an index
  // intersection), not every listing with either. Nearest first, each tier lists its
  // in-person listings and then its online ones.
  const stages: { tier: number | null; online: boolean }[] = [];
  for (const tier of groups.length < 2 ? [null] : groups.map((_, index) => index)) {
    for (const online of splitOnline ? [false, true] : [false]) stages.push({ tier, online });
  }
  const startAt = position
    ? Math.max(
        0,
        stages.findIndex((stage) => (stage.tier ?? 0) === position.missed && stage.online === position.online),
      )
    : 0;
  const found: ListingPositionRow[] = [];
  for (let index = startAt; index < stages.length && found.length < limit; index++) {
    const stage = stages[index] as (typeof stages)[number];
    found.push(...(await run(stage.tier, stage.online, position !== null && index === startAt, limit - found.length)));
  }
  return found;
}

/** Pages of listings near a point, in any sort, and the cards they show. */
export function createListingPageRepository(db: Kysely<Database>) {
  // Categories, localities and apartments are reference rows written only by migrations and the
  // seed, never changed or removed while the API runs, and every card names one of each: they
  // are read once and kept, and read again when one is asked for that is not kept (added since),
  // so the card query joins none of them and a category page does not look its category up.
  const categories = keptReferenceRows(async () => {
    const rows = await db.selectFrom('categories').select(['id', 'slug', 'name']).execute();
    return [...rows.map((row): [string, CategoryRefRow] => [row.id, row]), ...rows.map((row): [string, CategoryRefRow] => [row.slug, row])];
  });
  const localities = keptReferenceRows(async () =>
    (await db.selectFrom('localities').select(['id', 'slug', 'name']).execute()).map((row): [string, PlaceNameRow] => [row.id, row]),
  );
  const apartments = keptReferenceRows(async () =>
    (await db.selectFrom('apartments').select(['id', 'slug', 'name']).execute()).map((row): [string, PlaceNameRow] => [row.id, row]),
  );

  return {
    async findCategoryByIdOrSlug(idOrSlug: string): Promise<CategoryRefRow | undefined> {
      const key = isUuid(idOrSlug) ? idOrSlug.toLowerCase() : idOrSlug;
      const found = (await categories([key])).get(key);
      return found ? { ...found } : undefined;
    },

    findPage: (filter: ListingFilter, sort: ListingSortKind, position: ListingPosition | null, limit: number) => findPage(db, filter, sort, position, limit),

    /** Everything a listing card shows, for the given listings (in no particular order). */
    async findCards(ids: readonly string[], origin: LearnerPoint, today: string): Promise<ListingCardRow[]> {
      if (ids.length === 0) return [];
      const result = await sql<CardQueryRow>`
        select l.id, l.title, l.mode, l.lat, l.lng, l.point_precision, l.price_from_paise, l.age_min, l.age_max, l.badge_mask,
               ${metresFrom(origin)} as distance_m, l.category_id, l.locality_id, l.apartment_id,
               t.id as teacher_id, t.slug as teacher_slug, t.name as teacher_name, t.photo_url, t.photo_files, t.experience_years,
               t.rating_avg::float8 as rating_avg, t.rating_count,
               bs.next_batch_on, bs.seats_left
        from teacher_listings l
        join teachers t on t.id = l.teacher_id
        left join lateral (
          select to_char(min(b.starts_on) filter (where b.starts_on >= ${today}::date), 'YYYY-MM-DD') as next_batch_on,
                 coalesce(sum(${publicSeatsLeft('b')}), 0)::int as seats_left
          from programs p
          join batches b on b.program_id = p.id
          where p.listing_id = l.id
        ) bs on true
        where l.id = any(${[...ids]}::uuid[])
      `.execute(db);
      const rows = result.rows;
      const [categoryOf, localityOf, apartmentOf] = await Promise.all([
        categories(rows.map((row) => row.category_id)),
        localities(rows.map((row) => row.locality_id)),
        apartments(rows.flatMap((row) => (row.apartment_id ? [row.apartment_id] : []))),
      ]);
      return rows.map(({ locality_id, apartment_id, ...row }) => {
        const category = categoryOf.get(row.category_id);
        const locality = localityOf.get(locality_id);
        const apartment = apartment_id ? apartmentOf.get(apartment_id) : undefined;
        // Foreign keys guarantee the rows; their absence would mean a reference row was removed.
        if (!category || !locality || (apartment_id && !apartment)) throw new Error(`Listing ${row.id} names a category, locality or apartment that is gone`);
        return {
          ...row,
          category_slug: category.slug,
          category_name: category.name,
          locality_slug: locality.slug,
          locality_name: locality.name,
          apartment_slug: apartment?.slug ?? null,
          apartment_name: apartment?.name ?? null,
        };
      });
    },

    /** Active listings per category within the radius, busiest first. */
    async countByCategoryNear(origin: LearnerPoint, radiusM: number, limit: number): Promise<CategoryCountRow[]> {
      const result = await sql<CategoryCountRow>`
        select c.id, c.slug, c.name, c.icon, n.count as nearby_listing_count
        from (
          select l.category_id, count(*)::int as count
          from teacher_listings l
          where l.is_active and ${withinRadius(origin, radiusM)}
          group by l.category_id
        ) n
        join categories c on c.id = n.category_id
        order by n.count desc, c.sort_order, c.slug
        limit ${limit}
      `.execute(db);
      return result.rows;
    },
  };
}

export type ListingPageRepository = ReturnType<typeof createListingPageRepository>;
