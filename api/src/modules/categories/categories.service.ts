import type { Category, CategoryList } from '@kalike/shared/contracts/categories';
import { DomainError } from '../../shared/domain-error';
import type { CategoriesRepository, CategoryWithCountRow } from './categories.repository';

function toCategory(row: CategoryWithCountRow): Category {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    icon: row.icon,
    activeListingCount: row.active_listing_count,
  };
}

export function createCategoriesService(repository: CategoriesRepository) {
  return {
    async list(): Promise<CategoryList> {
      const rows = await repository.findAllWithActiveListingCount();
      return { categories: rows.map(toCategory) };
    },
    async getBySlug(slug: string): Promise<Category> {
      const row = await repository.findBySlugWithActiveListingCount(slug);
      if (!row) throw new DomainError('CATEGORY_NOT_FOUND', `No category with slug "${slug}"`, 404);
      return toCategory(row);
    },
  };
}
