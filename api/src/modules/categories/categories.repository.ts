import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface CategoryWithCountRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  icon: string;
  active_listing_count: number;
}

function baseQuery(db: Kysely<Database>) {
  return db
    .selectFrom('categories as c')
    .leftJoin('teacher_listings as l', (join) => join.onRef('l.category_id', '=', 'c.id').on('l.is_active', '=', true))
    .select(['c.id', 'c.slug', 'c.name', 'c.description', 'c.icon', sql<number>`count(l.id)::int`.as('active_listing_count')])
    .groupBy('c.id');
}

export function createCategoriesRepository(db: Kysely<Database>) {
  return {
    findAllWithActiveListingCount(): Promise<CategoryWithCountRow[]> {
      return baseQuery(db).orderBy('c.sort_order').orderBy('c.slug').execute();
    },
    findBySlugWithActiveListingCount(slug: string): Promise<CategoryWithCountRow | undefined> {
      return baseQuery(db).where('c.slug', '=', slug).executeTakeFirst();
    },
  };
}

export type CategoriesRepository = ReturnType<typeof createCategoriesRepository>;
