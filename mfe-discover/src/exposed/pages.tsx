import { lazy } from 'react';
import { definePages } from '@kalike/shared/federation/define-pages';

// One chunk per page: a visit downloads only the page it opens.
const DiscoverPage = lazy(() => import(/* webpackChunkName: "page-discover" */ '../routes/discover-page'));
const CategoriesPage = lazy(() => import(/* webpackChunkName: "page-categories" */ '../routes/categories-page'));
const CategoryPage = lazy(() => import(/* webpackChunkName: "page-category" */ '../routes/category-page'));
const SearchPage = lazy(() => import(/* webpackChunkName: "page-search" */ '../routes/search-page'));
const TeachersPage = lazy(() => import(/* webpackChunkName: "page-teachers" */ '../routes/teachers-page'));
const ShortlistPage = lazy(() => import(/* webpackChunkName: "page-shortlist" */ '../routes/shortlist-page'));
const MeetPage = lazy(() => import(/* webpackChunkName: "page-meet" */ '../routes/meet-page'));
const TeacherPage = lazy(() => import(/* webpackChunkName: "page-teacher" */ '../routes/teacher-page'));

/** The discover remote's public surface: the pages the shell may mount. */
export const { pages } = definePages('mfe_discover', {
  home: DiscoverPage,
  discover: DiscoverPage,
  categories: CategoriesPage,
  category: CategoryPage,
  search: SearchPage,
  teachers: TeachersPage,
  shortlist: ShortlistPage,
  meet: MeetPage,
  teacher: TeacherPage,
});
