import { lazy } from 'react';
import { definePages } from '@kalike/shared/federation/define-pages';

const DiscoverPage = lazy(() => import('../routes/discover-page'));
const CategoriesPage = lazy(() => import('../routes/categories-page'));

/** The discover remote's public surface: the pages the shell may mount. */
export const { pages } = definePages('mfe_discover', {
  home: DiscoverPage,
  discover: DiscoverPage,
  categories: CategoriesPage,
});
