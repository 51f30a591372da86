import { sql, type Kysely } from 'kysely';

/**
 * Indexes that answer a marketplace list's filter and order together, so a page reads about as
 * many rows as it shows:
 * - nearest first in a category: a GiST index on (category, point) through btree_gist, walked
 *   nearest-first (KNN) inside the category instead of discarding every other category's rows;
 * - nearest first with search words: a GiST index on (point, the listing's words as a
 *   tsvector). The signature is wide enough (512 bytes) for the few hundred words listings use,
 *   so a branch of the tree whose listings lack the words is skipped, and the walk stays
 *   nearest-first. The expression must stay `array_to_tsvector(array_remove(search_words, ''))`,
 *   the one `searchVector` in listing-sql.ts writes.
 * Both hold only active in-person listings: online ones are ranked by rating, not distance.
 * The trigram index on search_text is dropped: search matches words through the vocabulary and
 * the GIN index on search_words, and no query used it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists btree_gist`.execute(db);
  await sql`
    create index teacher_listings_category_point_idx on teacher_listings
    using gist (category_id, earth) where is_active and mode <> 'online'`.execute(db);
  await sql`
    create index teacher_listings_point_words_idx on teacher_listings
    using gist (earth, array_to_tsvector(array_remove(search_words, '')) tsvector_ops (siglen = 512))
    where is_active and mode <> 'online'`.execute(db);
  await sql`drop index if exists teacher_listings_search_trgm_idx`.execute(db);
  await sql`analyze teacher_listings`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists teacher_listings_search_trgm_idx on teacher_listings using gin (search_text gin_trgm_ops)`.execute(db);
  await sql`drop index if exists teacher_listings_point_words_idx`.execute(db);
  await sql`drop index if exists teacher_listings_category_point_idx`.execute(db);
  // Refused (restrict) if anything else has come to use the extension since.
  await sql`drop extension if exists btree_gist`.execute(db);
}
