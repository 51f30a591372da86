import { definePages } from '@kalike/shared/federation/define-pages';
import { lazyPage } from '@kalike/shared/federation/lazy-page';

// One chunk per page: a visit downloads only the tab it opens.
const LearnerSessionsPage = lazyPage(() => import(/* webpackChunkName: "page-learner-sessions" */ '../routes/learner-sessions-page'));
const ClassesPage = lazyPage(() => import(/* webpackChunkName: "page-classes" */ '../routes/classes-page'));
const UpdatesPage = lazyPage(() => import(/* webpackChunkName: "page-updates" */ '../routes/updates-page'));
const TeachSchedulePage = lazyPage(() => import(/* webpackChunkName: "page-teach-schedule" */ '../routes/teach/schedule-page'));
const TeachSessionPage = lazyPage(() => import(/* webpackChunkName: "page-teach-session" */ '../routes/teach/session-page'));
const TeachHomeTodayPage = lazyPage(() => import(/* webpackChunkName: "page-teach-home-today" */ '../routes/teach/home-today-page'));

/** The sessions remote's public surface: the pages the shell may mount (shell/src/app/route-table.ts). */
export const { pages } = definePages('mfe_sessions', {
  'learner-sessions': LearnerSessionsPage,
  classes: ClassesPage,
  updates: UpdatesPage,
  'teach-schedule': TeachSchedulePage,
  'teach-session': TeachSessionPage,
  'teach-home-today': TeachHomeTodayPage,
});
