import { NavLink, Link } from 'react-router-dom';
import { useTheme } from '@emotion/react';
import { paths } from '@kalike/shared/routing/paths';

import { preloadRemotePages } from '../remotes/load-remote-pages';
import { AccountLink } from './account-link';

const navItems = [
  { to: paths.discover(), label: 'Discover', remote: 'mfe_discover' },
  { to: paths.categories(), label: 'Categories', remote: 'mfe_discover' },
  { to: paths.enquiries(), label: 'Enquiries', remote: 'mfe_enquiry' },
  { to: paths.updates(), label: 'Updates', remote: 'mfe_sessions' },
] as const;

export function AppHeader() {
  const theme = useTheme();
  return (
    <header
      css={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: theme.layout.headerOffset,
        background: theme.colors.surface,
        borderBottom: `1px solid ${theme.colors.border}`,
        zIndex: 40,
      }}
    >
      <div
        css={{
          maxWidth: theme.layout.maxWidth,
          height: '100%',
          margin: '0 auto',
          padding: `0 ${theme.space(4)}`,
          display: 'flex',
          alignItems: 'center',
          gap: theme.space(4),
        }}
      >
        <Link to={paths.home()} css={{ fontWeight: 800, fontSize: '1.2rem', textDecoration: 'none' }}>
          Kalike
        </Link>
        <nav aria-label="Main" css={{ display: 'flex', gap: theme.space(3), overflowX: 'auto' }}>
          {navItems.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              onPointerEnter={() => preloadRemotePages(item.remote)}
              onFocus={() => preloadRemotePages(item.remote)}
              css={{
                color: theme.colors.textMuted,
                textDecoration: 'none',
                fontSize: theme.font.size.small,
                whiteSpace: 'nowrap',
                '&.active': { color: theme.colors.brand, fontWeight: 700 },
              }}
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <AccountLink />
      </div>
    </header>
  );
}
