import { lazy } from 'react';
import { definePages } from '@kalike/shared/federation/define-pages';

// One chunk per page: a visit downloads only the tab it opens.
const LearnerSessionsPage = lazy(() => import(/* webpackChunkName: "page-learner-sessions" */ '../routes/learner-sessions-page'));
const ClassesPage = lazy(() => import(/* webpackChunkName: "page-classes" */ '../routes/classes-page'));
const UpdatesPage = lazy(() => import(/* webpackChunkName: "page-updates" */ '../routes/updates-page'));

/** The sessions remote's public surface: the pages the shell may mount (shell/src/app/route-table.ts). */
export const { pages } = definePages('mfe_sessions', {
  'learner-sessions': LearnerSessionsPage,
  classes: ClassesPage,
  updates: UpdatesPage,
});
