import { Link, useLocation } from 'react-router-dom';
import { useIsFetching } from '@tanstack/react-query';
import { usePlatform } from '@kalike/shared/platform/platform';
import { useUserStore } from '@kalike/shared/user/user-store';
import { rootKeys } from '@kalike/shared/query/query-keys';
import { css } from '@emotion/react';
import * as paths from '@kalike/shared/routing/paths';
import { colors, font, layout } from '@kalike/shared/ui/theme';

import { selectIsTeacher } from '@kalike/shared/user/signed-in-as';

import { isTeachAreaPath, tabBarPaths } from '../app/route-table';

interface Tab {
  to: string;
  label: string;
  /** Other paths under which this tab is the current one (a session belongs to the schedule). */
  alsoUnder?: string;
}

const learnerTabs: readonly Tab[] = [
  { to: paths.learnerSessions(), label: 'Sessions' },
  { to: paths.classes(), label: 'My Classes' },
  { to: paths.updates(), label: 'My Updates' },
];

/** The teacher workspace's sections, in the order of a teacher's day. */
export const teachTabs: readonly Tab[] = [
  { to: paths.teach(), label: 'Home' },
  { to: paths.teachEnquiries(), label: 'Enquiries' },
  { to: paths.teachSchedule(), label: 'Schedule', alsoUnder: '/teach/sessions' },
  { to: paths.teachPayments(), label: 'Payments' },
  { to: paths.teachReviews(), label: 'Reviews' },
];

export function isTabBarRoute(pathname: string): boolean {
  return tabBarPaths.some((path) => path === pathname.replace(/\/$/, ''));
}

const firstLoadOf = (root: typeof rootKeys.payments | typeof rootKeys.sessions) => ({
  queryKey: root,
  predicate: (query: { state: { status: string } }) => query.state.status === 'pending',
});

type TabBarKind = 'learner' | 'teacher';

/**
 * Spec §2: only on the sessions, classes and updates routes; never inside the native app
 * (it has its own tabs); and not while a signed-in user's payments or sessions are still
 * loading for the first time, so the bar does not jump in over a half-drawn page. A teacher in
 * their workspace has the workspace's tabs instead, on every `/teach` route from the first frame.
 */
export function useTabBar(): TabBarKind | null {
  const { pathname } = useLocation();
  const { isApp } = usePlatform();
  const signedIn = useUserStore((state) => state.user !== null);
  const isTeacher = useUserStore(selectIsTeacher);
  const loading = useIsFetching(firstLoadOf(rootKeys.payments)) + useIsFetching(firstLoadOf(rootKeys.sessions)) > 0;
  if (isApp) return null;
  if (isTeacher && isTeachAreaPath(pathname)) return 'teacher';
  return isTabBarRoute(pathname) && !(signedIn && loading) ? 'learner' : null;
}

export function useTabBarVisible(): boolean {
  return useTabBar() !== null;
}

const navStyles = css({
  position: 'fixed',
  bottom: 0,
  left: 0,
  right: 0,
  height: layout.tabBarHeight,
  background: colors.surface,
  borderTop: `1px solid ${colors.border}`,
  display: 'flex',
  justifyContent: 'center',
  zIndex: 40,
});
const tabsStyles = css({ display: 'flex', width: '100%', maxWidth: layout.maxWidth });
const linkStyles = css({
  flex: 1,
  display: 'grid',
  placeItems: 'center',
  textDecoration: 'none',
  color: colors.textMuted,
  '&.active': { color: colors.brand, fontWeight: 700 },
});
// Five sections share 390px: a smaller label keeps each on one line.
const teacherLinkStyles = css({ fontSize: font.size.small, minWidth: 0, '&:focus-visible': { outline: `3px solid ${colors.accent}`, outlineOffset: '-3px' } });

/** The tab of the section the person is in: its own path, a page under it, or a page it stands for. */
function isCurrentTab(tab: Tab, pathname: string): boolean {
  const path = pathname.replace(/(.)\/$/, '$1');
  if (path === tab.to) return true;
  // Home is current on /teach only, not on every page under it.
  if (tab.to !== paths.teach() && path.startsWith(`${tab.to}/`)) return true;
  return Boolean(tab.alsoUnder && path.startsWith(`${tab.alsoUnder}/`));
}

/**
 * Spec §2: the same three tabs for every learner, only on the sessions, classes and updates
 * routes; the teacher workspace's five sections for a teacher on a `/teach` route.
 */
export function TabBar() {
  const kind = useTabBar();
  const { pathname } = useLocation();
  if (!kind) return null;
  const tabs = kind === 'teacher' ? teachTabs : learnerTabs;
  return (
    <nav aria-label={kind === 'teacher' ? 'Teacher workspace' : 'Sessions, classes and updates'} css={navStyles}>
      <div css={tabsStyles}>
        {tabs.map((tab) => {
          const current = isCurrentTab(tab, pathname);
          return (
            <Link
              key={tab.to}
              to={tab.to}
              aria-current={current ? 'page' : undefined}
              className={current ? 'active' : undefined}
              css={[linkStyles, kind === 'teacher' && teacherLinkStyles]}
            >
              {tab.label}
            </Link>
          );
        })}
      </div>
    </nav>
  );
}
