import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';

import { CategoryList } from '../features/categories/components/category-list';

export default function CategoriesPage() {
  return (
    <PageColumn>
      <PageTitle>What would you like to learn?</PageTitle>
      <CategoryList />
    </PageColumn>
  );
}
