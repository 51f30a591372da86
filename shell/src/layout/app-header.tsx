import { Link } from 'react-router-dom';
import { useTheme } from '@emotion/react';
import { paths } from '@kalike/shared/routing/paths';

import { AccountLink } from './account-link';
import { MainMenu } from './main-menu';

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
          // The menu's list hangs from the column's right edge.
          position: 'relative',
          padding: `0 ${theme.space(4)}`,
          display: 'flex',
          alignItems: 'center',
          gap: theme.space(3),
        }}
      >
        <Link to={paths.home()} css={{ fontWeight: 800, fontSize: '1.2rem', textDecoration: 'none' }}>
          Kalike
        </Link>
        <MainMenu />
        <AccountLink />
      </div>
    </header>
  );
}
