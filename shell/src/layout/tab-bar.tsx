import { NavLink, useLocation } from 'react-router-dom';
import { useIsFetching } from '@tanstack/react-query';
import { usePlatform } from '@kalike/shared/platform/platform';
import { useUserStore } from '@kalike/shared/user/user-store';
import { rootKeys } from '@kalike/shared/query/query-keys';
import { css } from '@emotion/react';
import * as paths from '@kalike/shared/routing/paths';
import { colors, layout } from '@kalike/shared/ui/theme';

import { tabBarPaths } from '../app/route-table';

const tabs = [
  { to: paths.learnerSessions(), label: 'Sessions' },
  { to: paths.classes(), label: 'My Classes' },
  { to: paths.updates(), label: 'My Updates' },
] as const;

export function isTabBarRoute(pathname: string): boolean {
  return tabBarPaths.some((path) => path === pathname.replace(/\/$/, ''));
}

const firstLoadOf = (root: typeof rootKeys.payments | typeof rootKeys.sessions) => ({
  queryKey: root,
  predicate: (query: { state: { status: string } }) => query.state.status === 'pending',
});

/**
 * Spec §2: only on the sessions, classes and updates routes; never inside the native app
 * (it has its own tabs); and not while a signed-in user's payments or sessions are still
 * loading for the first time, so the bar does not jump in over a half-drawn page.
 */
export function useTabBarVisible(): boolean {
  const { pathname } = useLocation();
  const { isApp } = usePlatform();
  const signedIn = useUserStore((state) => state.user !== null);
  const loading = useIsFetching(firstLoadOf(rootKeys.payments)) + useIsFetching(firstLoadOf(rootKeys.sessions)) > 0;
  return isTabBarRoute(pathname) && !isApp && !(signedIn && loading);
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

/** Spec §2: the same three tabs for everyone, only on the sessions, classes and updates routes. */
export function TabBar() {
  if (!useTabBarVisible()) return null;
  return (
    <nav aria-label="Sessions, classes and updates" css={navStyles}>
      <div css={tabsStyles}>
        {tabs.map((tab) => (
          <NavLink key={tab.to} to={tab.to} css={linkStyles}>
            {tab.label}
          </NavLink>
        ))}
      </div>
    </nav>
  );
}
