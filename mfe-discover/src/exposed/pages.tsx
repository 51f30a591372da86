import { lazy } from 'react';
import { definePages } from '@kalike/shared/federation/define-pages';
import { queryClient } from '@kalike/shared/query/query-client';
import { locationStore, selectBaseLocation } from '@kalike/shared/location/location-store';

import { discoverHomeQueryOptions } from '../features/discover-home/api/get-discover-home';
import { toLearnerPoint } from '@kalike/shared/location/learner-point';

// One chunk per page: a visit downloads only the page it opens.
const DiscoverPage = lazy(() => {
  // The home's one request starts while its code downloads, not after: on a slow network
  // that is a round trip less before the sections fill in. The page reads the same key.
  void queryClient.prefetchQuery(discoverHomeQueryOptions(toLearnerPoint(selectBaseLocation(locationStore.getState()).coords)));
  return import(/* webpackChunkName: "page-discover" */ '../routes/discover-page');
});
const CategoriesPage = lazy(() => import(/* webpackChunkName: "page-categories" */ '../routes/categories-page'));
const CategoryPage = lazy(() => import(/* webpackChunkName: "page-category" */ '../routes/category-page'));
const SearchPage = lazy(() => import(/* webpackChunkName: "page-search" */ '../routes/search-page'));
const TeachersPage = lazy(() => import(/* webpackChunkName: "page-teachers" */ '../routes/teachers-page'));
const ShortlistPage = lazy(() => import(/* webpackChunkName: "page-shortlist" */ '../routes/shortlist-page'));
const MeetPage = lazy(() => import(/* webpackChunkName: "page-meet" */ '../routes/meet-page'));
const TeacherPage = lazy(() => import(/* webpackChunkName: "page-teacher" */ '../routes/teacher-page'));
const TeachReviewsPage = lazy(() => import(/* webpackChunkName: "page-teach-reviews" */ '../routes/teach/reviews-page'));
const TeachProfilePage = lazy(() => import(/* webpackChunkName: "page-teach-profile" */ '../routes/teach/profile-page'));
const TeachListingsPage = lazy(() => import(/* webpackChunkName: "page-teach-listings" */ '../routes/teach/listings-page'));
const TeachListingNewPage = lazy(() => import(/* webpackChunkName: "page-teach-listing-new" */ '../routes/teach/listing-new-page'));
const TeachListingPage = lazy(() => import(/* webpackChunkName: "page-teach-listing" */ '../routes/teach/listing-page'));
const AdminReviewsPage = lazy(() => import(/* webpackChunkName: "page-admin-reviews" */ '../routes/admin/listing-review-page'));

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
  'teach-reviews': TeachReviewsPage,
  'teach-profile': TeachProfilePage,
  'teach-listings': TeachListingsPage,
  'teach-listing-new': TeachListingNewPage,
  'teach-listing': TeachListingPage,
  'admin-reviews': AdminReviewsPage,
});
