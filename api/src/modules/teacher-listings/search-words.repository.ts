import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { escapeLike } from '../../shared/escape-like';
import type { CategoryRefRow } from './listing-page.repository';

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

/**
 * For each typed word, the listing words it may stand for and why: the word itself, an
 * everyday spelling (search_synonyms), the same sound after folding transliterations
 * (search_sound), a close or prefix match (pg_trgm word similarity: "carn" finds
 * "carnatic"), or, as a last guess, the most similar words. The vocabulary is a few
 * thousand rows at most, so every way is one scan.
 */
async function findWordCandidates(
  db: Kysely<Database>,
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
}

/** How search reads the words typed: listing words they stand for, and suggestions when nothing matches. */
export function createSearchWordsRepository(db: Kysely<Database>) {
  return {
    findWordCandidates: (words: readonly string[], options: { fuzzyMin: number; guessMin: number }) => findWordCandidates(db, words, options),

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
  };
}

export type SearchWordsRepository = ReturnType<typeof createSearchWordsRepository>;
