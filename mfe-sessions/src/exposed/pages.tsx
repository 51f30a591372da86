import { lazy } from 'react';
import { definePages } from '@kalike/shared/federation/define-pages';

const UpdatesPage = lazy(() => import('../routes/updates-page'));

/** The sessions remote's public surface: the pages the shell may mount. */
export const { pages } = definePages('mfe_sessions', {
  updates: UpdatesPage,
});
