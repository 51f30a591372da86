import { isUuid } from '@kalike/shared/format/uuid';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, ListingMode } from '../../db/schema';
import { findClassPackPlans, type ClassPackPlanRow } from '../../shared/class-pack-plans';
import { escapeLike } from '../../shared/escape-like';
import { earthPoint, type LearnerPoint } from '../../shared/learner-point';

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
  price_from_paise: number;
  age_min: number;
  age_max: number;
  badge_mask: number;
  distance_m: number;
  teacher_id: string;
  teacher_slug: string;
  teacher_name: string;
  photo_url: string | null;
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

export interface WordCandidateRow {
  position: number;
  word: string;
  kind: 'exact' | 'synonym' | 'sound' | 'fuzzy' | 'guess';
  score: number;
}

export interface TeacherSuggestionRow {
  slug: string;
  name: string;
  category_slug: string;
  category_name: string;
}

export interface CategoryRefRow {
  id: string;
  slug: string;
  name: string;
}

export interface TeacherRow {
  id: string;
  slug: string;
  name: string;
  bio: string;
  photo_url: string | null;
  experience_years: number;
  languages: string[];
  rating_avg: number;
  rating_count: number;
  main_category_id: string | null;
  member_since: string;
}

export interface TeacherBadgeRow {
  badge: 'teacher_of_the_day' | 'super_teacher' | 'verified';
  granted_at: Date;
  reason: string;
}

export interface TeacherListingRow {
  id: string;
  title: string;
  mode: ListingMode;
  lat: number;
  lng: number;
  price_from_paise: number;
  age_min: number;
  age_max: number;
  category_id: string;
  category_slug: string;
  category_name: string;
  locality_slug: string;
  locality_name: string;
  apartment_slug: string | null;
  apartment_name: string | null;
  distance_m: number | null;
}

export interface ProgramRow {
  id: string;
  listing_id: string;
  name: string;
  level: 'beginner' | 'intermediate' | 'advanced' | 'all_levels';
  description: string;
}

export interface BatchRow {
  id: string;
  program_id: string;
  name: string;
  days_of_week: number[];
  start_time: string;
  end_time: string;
  starts_on: string;
  capacity: number;
  seats_left: number;
  place: 'apartment' | 'locality' | 'online';
  place_name: string | null;
  place_pincode: string | null;
}

export interface ReviewRow {
  id: string;
  author_name: string;
  rating: number;
  comment: string;
  created_at: Date;
  category_name: string;
}

export interface ShortlistEntryRow {
  listing_id: string;
  created_at: Date;
}

export interface DemoSessionRow {
  session_id: string;
  starts_at: Date;
  ends_at: Date;
  batch_id: string;
  batch_name: string;
  seats_left: number;
  program_id: string;
  program_name: string;
  level: 'beginner' | 'intermediate' | 'advanced' | 'all_levels';
  listing_id: string;
}

export interface CategoryCountRow {
  id: string;
  slug: string;
  name: string;
  icon: string;
  nearby_listing_count: number;
}

const chordFrom = (point: LearnerPoint) => sql<number>`(l.earth <-> ${earthPoint(point)})`;
const metresFrom = (point: LearnerPoint) => sql<number>`earth_distance(${earthPoint(point)}, l.earth)`;

/**
 * The earth_box containment is what the GiST index on the listing's earth point answers; the exact
 * earth_distance test then trims the box's corners.
 */
function withinRadius(point: LearnerPoint, radiusM: number): RawBuilder<boolean> {
  return sql<boolean>`(earth_box(${earthPoint(point)}, ${radiusM}::float8) @> l.earth
    and ${metresFrom(point)} <= ${radiusM}::float8)`;
}

/** earthdistance's sphere (the extension's earth()), to turn a chord back into metres. */
const EARTH_RADIUS_M = 6_378_168;

/** Above this radius the earth_box covers most of the city and only slows a bitmap scan down. */
const BOX_USEFUL_BELOW_M = 5_000;

function filterConditions(filter: ListingFilter, options: { box: boolean }): RawBuilder<unknown>[] {
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
  if (filter.age !== undefined) conditions.push(sql`l.age_min <= ${filter.age}::int and l.age_max >= ${filter.age}::int`);
  if (filter.wordGroups) conditions.push(sql`l.search_words && ${filter.wordGroups.flat()}::text[]`);
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

export function createTeacherListingsRepository(db: Kysely<Database>) {
  /** Runs one query with planner settings that last only for its own transaction. */
  function withSettings<T>(settings: readonly string[], query: RawBuilder<T>): Promise<T[]> {
    return db.transaction().execute(async (trx) => {
      for (const setting of settings) await sql`set local ${sql.raw(setting)}`.execute(trx);
      return (await query.execute(trx)).rows;
    });
  }

  return {
    findCategoryByIdOrSlug(idOrSlug: string): Promise<CategoryRefRow | undefined> {
      return db
        .selectFrom('categories')
        .select(['id', 'slug', 'name'])
        .where(isUuid(idOrSlug) ? 'id' : 'slug', '=', idOrSlug)
        .executeTakeFirst();
    },

    /**
     * One page of listing positions in sort order. Sorting by distance lets the GiST index hand
     * rows over nearest-first (`<->` in ORDER BY), so a page costs about `limit` index probes
     * plus whatever the filters skip; the other sorts read every match within the radius.
     */
    async findPage(filter: ListingFilter, sort: ListingSortKind, position: ListingPosition | null, limit: number): Promise<ListingPositionRow[]> {
      const chord = chordFrom(filter.origin);
      const groups = filter.wordGroups ?? [];
      // Nearest first is about the trip, and an online class has none: online listings follow
      // the in-person ones, best rated first, instead of ranking by where their teacher lives.
      const splitOnline = sort === 'distance';
      // Within one tier of matched words, rows follow the sort's own keys.
      const keysFor = (online: boolean): SortKey[] => {
        const keys: SortKey[] = [];
        if (sort === 'rating' || (splitOnline && online)) {
          keys.push({ expression: sql`l.teacher_rating_avg`, descending: true, value: sql`${position?.key}::numeric` });
        }
        if (sort === 'price_low' || sort === 'price_high') {
          keys.push({ expression: sql`l.price_from_paise`, descending: sort === 'price_high', value: sql`${position?.key}::int` });
        }
        keys.push({ expression: chord, descending: false, value: sql`${position?.chord}::float8` });
        keys.push({ expression: sql`l.id`, descending: false, value: sql`${position?.id}::uuid` });
        return keys;
      };
      const orderOf = (keys: SortKey[]) => sql.join(keys.map((key) => (key.descending ? sql`${key.expression} desc` : key.expression)));
      const modeCondition = (online: boolean) => (online ? sql`l.mode = 'online'` : sql`l.mode <> 'online'`);

      const select = (conditions: RawBuilder<unknown>[], tier: number | null, online: boolean) => sql`
        select l.id, l.teacher_id, ${tier ?? 0}::int as missed, ${online}::boolean as online,
               l.teacher_rating_avg::text as rating_key, l.price_from_paise as price_key, ${chord} as chord
        from teacher_listings l
        where ${sql.join(conditions, sql` and `)}`;

      const sorted = (conditions: RawBuilder<unknown>[], tier: number | null, online: boolean, keys: SortKey[], rows: number) => sql<ListingPositionRow>`
        ${select(conditions, tier, online)}
        order by ${orderOf(keys)}
        limit ${rows}`;

      const run = async (tier: number | null, online: boolean, resume: boolean, rows: number): Promise<ListingPositionRow[]> => {
        const keys = keysFor(online);
        if (sort === 'distance' && groups.length === 0 && !online) return nearestFirst(resume, rows, keys);
        const conditions = filterConditions(filter, { box: filter.radiusM <= BOX_USEFUL_BELOW_M });
        if (splitOnline) conditions.push(modeCondition(online));
        if (tier === 0) {
          // Every word matched: one GIN condition per word, so the index intersects them.
          for (const group of groups) conditions.push(sql`l.search_words && ${group}::text[]`);
        } else if (tier !== null) {
          conditions.push(sql`${missedWords(groups)} = ${tier}::int`);
        }
        if (resume) conditions.push(after(keys));
        const query = sorted(conditions, tier, online, keys, rows);
        // With words, the GIN index narrows the candidates to a few thousand at most; reading
        // them and sorting is steady. Walking nearest-first instead is quick for a word used
        // all around the point but reads most of the city for a faraway locality ("whitefield"
        // from Rajajinagar), and the planner cannot tell the two apart. The cheaper random page
        // cost is where the data lives anyway (memory or SSD); without it a bitmap scan over
        // 5% of the rows loses to a sequential scan on paper and wins in fact.
        if (groups.length > 0) return withSettings(['enable_indexscan = off', 'random_page_cost = 1.1'], query);
        return (await query.execute(db)).rows;
      };

      /**
       * Nearest first without search words: a KNN walk of the GiST index, bounded by the box.
       * The walk is ordered by distance alone, because PostgreSQL before 17 offers no KNN path
       * for `order by distance, id`; rows come back sorted by (distance, id) here instead. A walk
       * cut off by its limit may have cut a group of equally distant listings (every class in
       * one apartment), so only rows nearer than its farthest row are trusted; when too few
       * are, a plain sorted query over the box up to that distance settles it.
       */
      async function nearestFirst(resume: boolean, rows: number, keys: SortKey[]): Promise<ListingPositionRow[]> {
        const conditions = [...filterConditions(filter, { box: true }), modeCondition(false)];
        if (resume && position) conditions.push(sql`${chord} >= ${position.chord}::float8`);
        const walkLimit = rows + 32;
        // The planner guesses every earth_box matches 0.1% of rows, so left alone it prefers a
        // bitmap scan of the whole box plus a sort; without bitmap scans the walk is what remains.
        const walked = await withSettings(
          ['enable_bitmapscan = off'],
          sql<ListingPositionRow>`
            select * from (${select(conditions, null, false)} order by ${chord} limit ${walkLimit}) nearest
            order by chord, id`,
        );
        const isAfter = (row: ListingPositionRow) =>
          !position || !resume || row.chord > position.chord || (row.chord === position.chord && row.id > position.id);
        const candidates = walked.filter(isAfter);
        if (walked.length < walkLimit) return candidates.slice(0, rows);
        const farthest = walked[walked.length - 1]?.chord ?? 0;
        const trusted = candidates.filter((row) => row.chord < farthest);
        if (trusted.length >= rows) return trusted.slice(0, rows);

        // When enough rows lie within the walked distance, nothing past it is needed, so the box
        // shrinks to that distance (great-circle metres of the chord, plus a metre of slack).
        const withinWalk = candidates.length >= rows;
        const reachM = withinWalk
          ? Math.min(filter.radiusM, 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, farthest / (2 * EARTH_RADIUS_M))) + 1)
          : filter.radiusM;
        const settle = [...filterConditions({ ...filter, radiusM: reachM }, { box: true }), modeCondition(false)];
        if (withinWalk) settle.push(sql`${chord} <= ${farthest}::float8`, sql`${metresFrom(filter.origin)} <= ${filter.radiusM}::float8`);
        if (resume) settle.push(after(keys));
        return (await sorted(settle, null, false, keys, rows).execute(db)).rows;
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
        ? Math.max(0, stages.findIndex((stage) => (stage.tier ?? 0) === position.missed && stage.online === position.online))
        : 0;
      const found: ListingPositionRow[] = [];
      for (let index = startAt; index < stages.length && found.length < limit; index++) {
        const stage = stages[index] as (typeof stages)[number];
        found.push(...(await run(stage.tier, stage.online, position !== null && index === startAt, limit - found.length)));
      }
      return found;
    },

    /** Everything a listing card shows, for the given listings (in no particular order). */
    async findCards(ids: readonly string[], origin: LearnerPoint, today: string): Promise<ListingCardRow[]> {
      if (ids.length === 0) return [];
      const result = await sql<ListingCardRow>`
        select l.id, l.title, l.mode, l.lat, l.lng, l.price_from_paise, l.age_min, l.age_max, l.badge_mask,
               ${metresFrom(origin)} as distance_m,
               t.id as teacher_id, t.slug as teacher_slug, t.name as teacher_name, t.photo_url, t.experience_years,
               t.rating_avg::float8 as rating_avg, t.rating_count,
               c.id as category_id, c.slug as category_slug, c.name as category_name,
               loc.slug as locality_slug, loc.name as locality_name, a.slug as apartment_slug, a.name as apartment_name,
               bs.next_batch_on, bs.seats_left
        from teacher_listings l
        join teachers t on t.id = l.teacher_id
        join categories c on c.id = l.category_id
        join localities loc on loc.id = l.locality_id
        left join apartments a on a.id = l.apartment_id
        left join lateral (
          select to_char(min(b.starts_on) filter (where b.starts_on >= ${today}::date), 'YYYY-MM-DD') as next_batch_on,
                 coalesce(sum(b.capacity - b.seats_taken), 0)::int as seats_left
          from programs p
          join batches b on b.program_id = p.id
          where p.listing_id = l.id
        ) bs on true
        where l.id = any(${[...ids]}::uuid[])
      `.execute(db);
      return result.rows;
    },

    /**
     * For each typed word, the listing words it may stand for and why: the word itself, an
     * everyday spelling (search_synonyms), the same sound after folding transliterations
     * (search_sound), a close or prefix match (pg_trgm word similarity: "carn" finds
     * "carnatic"), or, as a last guess, the most similar words. The vocabulary is a few
     * thousand rows at most, so every way is one scan.
     */
    async findWordCandidates(
      words: readonly string[],
      options: { fuzzyMin: number; guessMin: number },
    ): Promise<WordCandidateRow[]> {
      if (words.length === 0) return [];
      const result = await sql<WordCandidateRow>`
        with typed as (
          select q.typed, q.position::int as position from unnest(${[...words]}::text[]) with ordinality as q(typed, position)
        )
        select position, word, kind, score::float8 as score from (
          select t.position, v.word, 'exact' as kind, 1.0 as score
          from typed t join search_vocabulary v on v.word = t.typed
          union all
          select t.position, v.word, 'synonym', 1.0
          from typed t join search_synonyms s on s.term = t.typed
          cross join lateral unnest(s.words) with ordinality as w(word, n)
          join search_vocabulary v on v.word = w.word
          union all
          select t.position, v.word, 'sound', 0.9
          from typed t join search_vocabulary v on v.sound = search_sound(t.typed) and v.word <> t.typed
          where length(t.typed) >= 3
          union all
          select t.position, v.word, 'fuzzy', word_similarity(t.typed, v.word)
          from typed t join search_vocabulary v on word_similarity(t.typed, v.word) >= ${options.fuzzyMin}::float8 and v.word <> t.typed
          union all
          select t.position, v.word, 'guess', similarity(t.typed, v.word)
          from typed t join search_vocabulary v on similarity(t.typed, v.word) >= ${options.guessMin}::float8 and v.word <> t.typed
        ) c
        order by position, score desc, word
      `.execute(db);
      return result.rows;
    },

    /**
     * Subjects for the typeahead: a word of the name or slug starting with the text, an everyday
     * spelling starting with it ("bharath…"), or, from three letters, a name sounding or looking like it ("thab…").
     */
    async suggestCategories(text: string, limit: number): Promise<CategoryRefRow[]> {
      const prefix = `${escapeLike(text)}%`;
      const result = await sql<CategoryRefRow>`
        select c.id, c.slug, c.name
        from categories c
        cross join lateral (
          select (c.name ilike ${prefix} or c.name ilike ${`% ${prefix}`} or c.slug like ${prefix}) as starts,
                 exists (
                   select 1 from search_synonyms s, unnest(s.words) w
                   where s.term like ${prefix} and (lower(c.name) like '%' || w || '%' or c.slug like '%' || w || '%')
                 ) as spelt,
                 (length(${text}) >= 3 and exists (
                   select 1 from regexp_split_to_table(lower(c.name), '[^a-z]+') as part
                   where left(search_sound(part), length(search_sound(${text}))) = search_sound(${text})
                 )) as sounds,
                 case when length(${text}) >= 3 then word_similarity(${text}, lower(c.name)) else 0 end as score
        ) m
        where m.starts or m.spelt or m.sounds or m.score >= 0.5
        order by m.starts desc, (m.spelt or m.sounds) desc, m.score desc, c.sort_order, c.slug
        limit ${limit}
      `.execute(db);
      return result.rows;
    },

    /** Listed teachers whose first or last name starts with the text (or, from three letters, sounds like it), best known first. */
    async suggestTeachers(text: string, limit: number): Promise<TeacherSuggestionRow[]> {
      const prefix = `${escapeLike(text)}%`;
      const result = await sql<TeacherSuggestionRow>`
        select t.slug, t.name, c.slug as category_slug, c.name as category_name
        from teachers t
        join categories c on c.id = t.main_category_id
        where (t.name ilike ${prefix} or t.name ilike ${`% ${prefix}`}
               or (length(${text}) >= 3 and exists (
                 select 1 from regexp_split_to_table(lower(t.name), '\s+') as part
                 where left(search_sound(part), length(search_sound(${text}))) = search_sound(${text}))))
          and exists (select 1 from teacher_listings l where l.teacher_id = t.id and l.is_active)
        order by (t.name ilike ${prefix}) desc, t.rating_count desc, t.slug
        limit ${limit}
      `.execute(db);
      return result.rows;
    },

    /** Categories whose names resemble any of the words, best first. */
    async findCategoriesLike(words: readonly string[], minScore: number, limit: number): Promise<CategoryRefRow[]> {
      if (words.length === 0) return [];
      const result = await sql<CategoryRefRow>`
        select c.id, c.slug, c.name
        from categories c
        cross join lateral (
          select max(word_similarity(w, c.name)) as score from unnest(${[...words]}::text[]) as w
        ) s
        where s.score >= ${minScore}::float8
        order by s.score desc, c.sort_order, c.slug
        limit ${limit}
      `.execute(db);
      return result.rows;
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

    findTeacherBySlug(slug: string): Promise<TeacherRow | undefined> {
      return db
        .selectFrom('teachers as t')
        .select([
          't.id',
          't.slug',
          't.name',
          't.bio',
          't.photo_url',
          't.experience_years',
          't.languages',
          sql<number>`t.rating_avg::float8`.as('rating_avg'),
          't.rating_count',
          't.main_category_id',
          sql<string>`to_char(t.created_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD')`.as('member_since'),
        ])
        .where('t.slug', '=', slug)
        .executeTakeFirst();
    },

    findBadges(teacherId: string): Promise<TeacherBadgeRow[]> {
      return db
        .selectFrom('teacher_badges')
        .select(['badge', 'granted_at', 'reason'])
        .where('teacher_id', '=', teacherId)
        .execute();
    },

    /** The teacher's active listings: the one in their main category first, then the oldest. */
    async findTeacherListings(teacherId: string, mainCategoryId: string | null, origin: LearnerPoint | null): Promise<TeacherListingRow[]> {
      const result = await sql<TeacherListingRow>`
        select l.id, l.title, l.mode, l.lat, l.lng, l.price_from_paise, l.age_min, l.age_max,
               c.id as category_id, c.slug as category_slug, c.name as category_name,
               loc.slug as locality_slug, loc.name as locality_name, a.slug as apartment_slug, a.name as apartment_name,
               ${origin ? metresFrom(origin) : sql`null::float8`} as distance_m
        from teacher_listings l
        join categories c on c.id = l.category_id
        join localities loc on loc.id = l.locality_id
        left join apartments a on a.id = l.apartment_id
        where l.teacher_id = ${teacherId}::uuid and l.is_active
        order by (l.category_id is not distinct from ${mainCategoryId}::uuid) desc, l.created_at, l.id
      `.execute(db);
      return result.rows;
    },

    findPrograms(listingIds: readonly string[]): Promise<ProgramRow[]> {
      if (listingIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('programs')
        .select(['id', 'listing_id', 'name', 'level', 'description'])
        .where('listing_id', 'in', [...listingIds])
        .orderBy('name')
        .orderBy('id')
        .execute();
    },

    async findBatches(programIds: readonly string[]): Promise<BatchRow[]> {
      if (programIds.length === 0) return [];
      const result = await sql<BatchRow>`
        select b.id, b.program_id, b.name, b.days_of_week::int[] as days_of_week,
               to_char(b.start_time, 'HH24:MI') as start_time, to_char(b.end_time, 'HH24:MI') as end_time,
               to_char(b.starts_on, 'YYYY-MM-DD') as starts_on, b.capacity, (b.capacity - b.seats_taken) as seats_left,
               b.place, coalesce(a.name, loc.name) as place_name, trim(coalesce(a.pincode, loc.pincode)) as place_pincode
        from batches b
        left join apartments a on a.id = b.apartment_id
        left join localities loc on loc.id = b.locality_id
        where b.program_id = any(${[...programIds]}::uuid[])
        order by b.starts_on, b.start_time, b.id
      `.execute(db);
      return result.rows;
    },

    findPlans(batchIds: readonly string[]): Promise<ClassPackPlanRow[]> {
      return findClassPackPlans(db, batchIds);
    },

    findReviews(teacherId: string, limit: number): Promise<ReviewRow[]> {
      return db
        .selectFrom('teacher_reviews as r')
        .innerJoin('teacher_listings as l', 'l.id', 'r.listing_id')
        .innerJoin('categories as c', 'c.id', 'l.category_id')
        .select(['r.id', 'r.author_name', 'r.rating', 'r.comment', 'r.created_at', 'c.name as category_name'])
        .where('r.teacher_id', '=', teacherId)
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(limit)
        .execute();
    },

    isActiveListing(id: string): Promise<boolean> {
      return db
        .selectFrom('teacher_listings')
        .select('id')
        .where('id', '=', id)
        .where('is_active', '=', true)
        .executeTakeFirst()
        .then(Boolean);
    },

    /** The learner's shortlisted listings that are still active, newest first. */
    findShortlist(learnerAccountId: string): Promise<ShortlistEntryRow[]> {
      return db
        .selectFrom('shortlists as s')
        .innerJoin('teacher_listings as l', 'l.id', 's.listing_id')
        .select(['s.listing_id', 's.created_at'])
        .where('s.learner_account_id', '=', learnerAccountId)
        .where('l.is_active', '=', true)
        .orderBy('s.created_at', 'desc')
        .orderBy('s.listing_id')
        .execute();
    },

    /**
     * Adds the listing unless it is there already or the active shortlist is full. The
     * per-learner advisory lock makes the count and the insert one step, so two taps at once
     * cannot push a shortlist past the limit.
     */
    addToShortlist(learnerAccountId: string, listingId: string, maxSize: number): Promise<'added' | 'present' | 'full'> {
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${`shortlist:${learnerAccountId}`}))`.execute(trx);
        const present = await trx
          .selectFrom('shortlists')
          .select('listing_id')
          .where('learner_account_id', '=', learnerAccountId)
          .where('listing_id', '=', listingId)
          .executeTakeFirst();
        if (present) return 'present';
        const { count } = await trx
          .selectFrom('shortlists as s')
          .innerJoin('teacher_listings as l', 'l.id', 's.listing_id')
          .select(sql<number>`count(*)::int`.as('count'))
          .where('s.learner_account_id', '=', learnerAccountId)
          .where('l.is_active', '=', true)
          .executeTakeFirstOrThrow();
        if (count >= maxSize) return 'full';
        await trx
          .insertInto('shortlists')
          .values({ learner_account_id: learnerAccountId, listing_id: listingId })
          .onConflict((oc) => oc.columns(['learner_account_id', 'listing_id']).doNothing())
          .execute();
        return 'added';
      });
    },

    async removeFromShortlist(learnerAccountId: string, listingId: string): Promise<void> {
      await db
        .deleteFrom('shortlists')
        .where('learner_account_id', '=', learnerAccountId)
        .where('listing_id', '=', listingId)
        .execute();
    },

    /**
     * Scheduled sessions of batches with seats left, soonest first and then nearest. The plan
     * must walk the partial index on upcoming scheduled sessions in time order and stop after
     * `limit` nearby matches; with bitmap scans allowed, the planner (which guesses any
     * earth_box holds 0.1% of rows) would instead start from every listing in the radius.
     */
    findDemoSessions(options: {
      origin: LearnerPoint;
      radiusM: number;
      from: string;
      until: string;
      categorySlug?: string;
      limit: number;
    }): Promise<DemoSessionRow[]> {
      return withSettings(
        ['enable_bitmapscan = off'],
        sql<DemoSessionRow>`
          select s.id as session_id, s.starts_at, s.ends_at, b.id as batch_id, b.name as batch_name,
                 (b.capacity - b.seats_taken) as seats_left, p.id as program_id, p.name as program_name, p.level,
                 l.id as listing_id
          from class_sessions s
          join batches b on b.id = s.batch_id
          join programs p on p.id = b.program_id
          join teacher_listings l on l.id = p.listing_id
          ${options.categorySlug ? sql`join categories c on c.id = l.category_id and c.slug = ${options.categorySlug}` : sql``}
          where s.status = 'scheduled'
            and s.starts_at >= ${options.from}::timestamptz and s.starts_at < ${options.until}::timestamptz
            and b.seats_taken < b.capacity
            and l.is_active and ${metresFrom(options.origin)} <= ${options.radiusM}::float8
          order by s.starts_at, (l.mode = 'online'), ${metresFrom(options.origin)}, s.id
          limit ${options.limit}
        `,
      );
    },
  };
}

export type TeacherListingsRepository = ReturnType<typeof createTeacherListingsRepository>;
