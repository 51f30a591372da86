import { renderStandalone } from '@kalike/shared/federation/standalone-app';

import { pages } from './exposed/pages';

// The same paths the shell's route table maps to this remote, for working on it alone.
renderStandalone('mfe_discover', { pages }, [
  { path: '/', page: 'home' },
  { path: '/discover', page: 'discover' },
  { path: '/categories', page: 'categories' },
  { path: '/categories/:categorySlug', page: 'category', example: '/categories/chess' },
  { path: '/search', page: 'search', example: '/search?q=guitar' },
  { path: '/teachers', page: 'teachers' },
  { path: '/shortlist', page: 'shortlist' },
  { path: '/meet', page: 'meet' },
  { path: '/discover/:city/:category/teachers/:teacherSlug', page: 'teacher' },
]);
