import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { earthPoint, metresOfChord, type LearnerPoint } from '../../shared/learner-point';

/** Distances from the learner's point, measured against each listing's stored earth point. */
export const chordFrom = (point: LearnerPoint) => sql<number>`(l.earth <-> ${earthPoint(point)})`;
/** Great-circle metres from the learner's point to each listing (see `metresOfChord`). */
export const metresFrom = (point: LearnerPoint) => metresOfChord(chordFrom(point));

/**
 * The earth_box containment is what the GiST index on the listing's earth point answers; the exact
 * earth_distance test then trims the box's corners.
 */
export function withinRadius(point: LearnerPoint, radiusM: number): RawBuilder<boolean> {
  return sql<boolean>`(earth_box(${earthPoint(point)}, ${radiusM}::float8) @> l.earth
    and ${metresFrom(point)} <= ${radiusM}::float8)`;
}

/**
 * A listing's search words as a tsvector, exactly as the GiST index on (point, words) of
 * migration 0024 is written, so nearest-first searches can walk that index.
 */
export const searchVector = sql<string>`array_to_tsvector(array_remove(l.search_words, ''))`;

/** A tsquery lexeme taken as written (quoted, so no parsing or stemming). */
const lexeme = (word: string) => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * A tsquery matching a listing that uses a word of every group: `vector @@ query` holds exactly
 * when `search_words && group` holds for each group.
 */
export function wordsQuery(groups: readonly (readonly string[])[]): RawBuilder<string> {
  const text = groups.map((group) => `(${group.map(lexeme).join(' | ')})`).join(' & ');
  return sql<string>`${text}::tsquery`;
}

/** Runs one query with planner settings that last only for its own transaction. */
export function withSettings<T>(db: Kysely<Database>, settings: readonly string[], query: RawBuilder<T>): Promise<T[]> {
  return db.transaction().execute(async (trx) => {
    for (const setting of settings) await sql`set local ${sql.raw(setting)}`.execute(trx);
    return (await query.execute(trx)).rows;
  });
}
