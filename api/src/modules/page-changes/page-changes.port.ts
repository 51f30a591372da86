import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Whose public page changed: the teachers themselves, or the teachers of these batches (seat counts). */
export type PublicPageChangeTarget = { teacherIds: readonly string[] } | { batchIds: readonly string[] };

/**
 * The port other modules record page changes through. Records that the public pages of these teachers changed, for the web origins that keep them
 * rendered (GET /v1/marketplace/page-changes). Call it with the transaction of the write that
 * changes what a teacher page shows, so the record commits with the change or not at all, and
 * is never seen before the change itself is. The slug is stored as it is now: the feed names
 * pages even of a teacher removed later.
 *
 * Only a teacher with a public page is recorded: one with a listing the marketplace shows
 * (`is_active`, set when a review makes it live). A sign-up without one has no page to drop, and
 * naming them would tell the feed's readers who is joining. For a batch, only a batch of a shown
 * listing. A write that takes a page down records the change before it does so, while the
 * page is still public.
 */
export async function recordPublicPageChange(db: Kysely<Database>, target: PublicPageChangeTarget): Promise<void> {
  if ('teacherIds' in target) {
    if (target.teacherIds.length === 0) return;
    await sql`
      insert into public_page_changes (teacher_id, teacher_slug)
      select t.id, t.slug from teachers t
      where t.id = any(${[...new Set(target.teacherIds)]}::uuid[])
        and exists (select 1 from teacher_listings l where l.teacher_id = t.id and l.is_active)`.execute(db);
    return;
  }
  if (target.batchIds.length === 0) return;
  await sql`
    insert into public_page_changes (teacher_id, teacher_slug)
    select distinct t.id, t.slug
    from batches b
    join programs p on p.id = b.program_id
    join teacher_listings l on l.id = p.listing_id and l.is_active
    join teachers t on t.id = l.teacher_id
    where b.id = any(${[...new Set(target.batchIds)]}::uuid[])`.execute(db);
}
