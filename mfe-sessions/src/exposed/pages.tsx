import { lazy } from 'react';
import { definePages } from '@kalike/shared/federation/define-pages';

// One chunk per page: a visit downloads only the tab it opens.
const LearnerSessionsPage = lazy(() => import(/* webpackChunkName: "page-learner-sessions" */ '../routes/learner-sessions-page'));
const ClassesPage = lazy(() => import(/* webpackChunkName: "page-classes" */ '../routes/classes-page'));
const UpdatesPage = lazy(() => import(/* webpackChunkName: "page-updates" */ '../routes/updates-page'));
const TeachSchedulePage = lazy(() => import(/* webpackChunkName: "page-teach-schedule" */ '../routes/teach/schedule-page'));
const TeachSessionPage = lazy(() => import(/* webpackChunkName: "page-teach-session" */ '../routes/teach/session-page'));
const TeachHomeTodayPage = lazy(() => import(/* webpackChunkName: "page-teach-home-today" */ '../routes/teach/home-today-page'));

/** The sessions remote's public surface: the pages the shell may mount (shell/src/app/route-table.ts). */
export const { pages } = definePages('mfe_sessions', {
  'learner-sessions': LearnerSessionsPage,
  classes: ClassesPage,
  updates: UpdatesPage,
  'teach-schedule': TeachSchedulePage,
  'teach-session': TeachSessionPage,
  'teach-home-today': TeachHomeTodayPage,
});
