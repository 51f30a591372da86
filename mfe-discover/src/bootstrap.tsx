import { renderStandalone } from '@kalike/shared/federation/standalone-app';

import { pages } from './exposed/pages';

renderStandalone('mfe_discover', { pages }, [
  { path: '/', page: 'home' },
  { path: '/discover', page: 'discover' },
  { path: '/categories', page: 'categories' },
]);
