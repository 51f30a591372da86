import { definePages } from '@kalike/shared/federation/define-pages';
import { lazyPage } from '@kalike/shared/federation/lazy-page';
import { queryClient } from '@kalike/shared/query/query-client';
import { locationStore, selectBaseLocation } from '@kalike/shared/location/location-store';

import { discoverHomeQueryOptions } from '../features/discover-home/api/get-discover-home';
import { toLearnerPoint } from '@kalike/shared/location/learner-point';

// One chunk per page: a visit downloads only the page it opens.
const DiscoverPage = lazyPage(() => {
  // The home's one request starts while its code downloads, not after: on a slow network
  // that is a round trip less before the sections fill in. The page reads the same key.
  void queryClient.prefetchQuery(discoverHomeQueryOptions(toLearnerPoint(selectBaseLocation(locationStore.getState()).coords)));
  return import(/* webpackChunkName: "page-discover" */ '../routes/discover-page');
});
const CategoriesPage = lazyPage(() => import(/* webpackChunkName: "page-categories" */ '../routes/categories-page'));
const CategoryPage = lazyPage(() => import(/* webpackChunkName: "page-category" */ '../routes/category-page'));
const SearchPage = lazyPage(() => import(/* webpackChunkName: "page-search" */ '../routes/search-page'));
const TeachersPage = lazyPage(() => import(/* webpackChunkName: "page-teachers" */ '../routes/teachers-page'));
const ShortlistPage = lazyPage(() => import(/* webpackChunkName: "page-shortlist" */ '../routes/shortlist-page'));
const MeetPage = lazyPage(() => import(/* webpackChunkName: "page-meet" */ '../routes/meet-page'));
const TeacherPage = lazyPage(() => import(/* webpackChunkName: "page-teacher" */ '../routes/teacher-page'));
const TeachReviewsPage = lazyPage(() => import(/* webpackChunkName: "page-teach-reviews" */ '../routes/teach/reviews-page'));
const TeachProfilePage = lazyPage(() => import(/* webpackChunkName: "page-teach-profile" */ '../routes/teach/profile-page'));
const TeachListingsPage = lazyPage(() => import(/* webpackChunkName: "page-teach-listings" */ '../routes/teach/listings-page'));
const TeachListingNewPage = lazyPage(() => import(/* webpackChunkName: "page-teach-listing-new" */ '../routes/teach/listing-new-page'));
const TeachListingPage = lazyPage(() => import(/* webpackChunkName: "page-teach-listing" */ '../routes/teach/listing-page'));
const AdminReviewsPage = lazyPage(() => import(/* webpackChunkName: "page-admin-reviews" */ '../routes/admin/listing-review-page'));

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
