import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface SitemapEntryRow {
  teacher_slug: string;
  category_slug: string;
  lastmod: string;
}

export function createSitemapRepository(db: Kysely<Database>) {
  return {
    async countListedTeachers(): Promise<number> {
      const row = await db
        .selectFrom('teacher_listings')
        .select(sql<number>`count(distinct teacher_id)::int`.as('count'))
        .where('is_active', '=', true)
        .executeTakeFirstOrThrow();
      return row.count;
    },

    /**
     * Teachers with at least one active listing, by slug, each with the category of their
     * canonical listing (main category first, else the oldest) and the date anything on their
     * page last changed: the teacher, an active listing, or a written review.
     */
    async findEntries(offset: number, limit: number): Promise<SitemapEntryRow[]> {
      const result = await sql<SitemapEntryRow>`
        with canonical as (
          select distinct on (l.teacher_id) l.teacher_id, c.slug as category_slug
          from teacher_listings l
          join teachers t on t.id = l.teacher_id
          join categories c on c.id = l.category_id
          where l.is_active
          order by l.teacher_id, (l.category_id is not distinct from t.main_category_id) desc, l.created_at, l.id
        ),
        listing_changes as (
          select teacher_id, max(created_at) as changed_at from teacher_listings where is_active group by teacher_id
        ),
        review_changes as (
          select teacher_id, max(created_at) as changed_at from teacher_reviews group by teacher_id
        )
        select t.slug as teacher_slug, canonical.category_slug,
               to_char(greatest(t.created_at, lc.changed_at, rc.changed_at) at time zone 'UTC', 'YYYY-MM-DD') as lastmod
        from canonical
        join teachers t on t.id = canonical.teacher_id
        left join listing_changes lc on lc.teacher_id = canonical.teacher_id
        left join review_changes rc on rc.teacher_id = canonical.teacher_id
        order by t.slug
        offset ${offset}
        limit ${limit}
      `.execute(db);
      return result.rows;
    },
  };
}

export type SitemapRepository = ReturnType<typeof createSitemapRepository>;
