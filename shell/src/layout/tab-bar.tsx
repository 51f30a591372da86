import { NavLink, useLocation } from 'react-router-dom';
import { useTheme } from '@emotion/react';
import { paths } from '@kalike/shared/routing/paths';

import { tabBarPaths } from '../app/route-table';

const tabs = [
  { to: paths.learnerSessions(), label: 'Sessions' },
  { to: paths.classes(), label: 'My Classes' },
  { to: paths.updates(), label: 'My Updates' },
] as const;

export function shouldShowTabBar(pathname: string): boolean {
  return tabBarPaths.some((path) => path === pathname.replace(/\/$/, ''));
}

/** Spec §2: the same three tabs for everyone, only on the sessions, classes and updates routes. */
export function TabBar() {
  const theme = useTheme();
  const { pathname } = useLocation();
  if (!shouldShowTabBar(pathname)) return null;
  return (
    <nav
      aria-label="Sessions, classes and updates"
      css={{
        position: 'fixed',
        bottom: 0,
        left: 0,
        right: 0,
        height: theme.layout.tabBarHeight,
        background: theme.colors.surface,
        borderTop: `1px solid ${theme.colors.border}`,
        display: 'flex',
        justifyContent: 'center',
        zIndex: 40,
      }}
    >
      <div css={{ display: 'flex', width: '100%', maxWidth: theme.layout.maxWidth }}>
        {tabs.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            css={{
              flex: 1,
              display: 'grid',
              placeItems: 'center',
              textDecoration: 'none',
              color: theme.colors.textMuted,
              '&.active': { color: theme.colors.brand, fontWeight: 700 },
            }}
          >
            {tab.label}
          </NavLink>
        ))}
      </div>
    </nav>
  );
}
