import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import * as paths from '@kalike/shared/routing/paths';
import { colors, space, layout } from '@kalike/shared/ui/theme';

import { AccountLink } from './account-link';
import { MainMenu } from './main-menu';
import { NotificationBell } from '../features/notifications/components/notification-bell';

const headerStyles = css({
  position: 'fixed',
  top: 0,
  left: 0,
  right: 0,
  height: layout.headerOffset,
  background: colors.surface,
  borderBottom: `1px solid ${colors.border}`,
  zIndex: 40,
});
const barStyles = css({
  maxWidth: layout.maxWidth,
  height: '100%',
  margin: '0 auto',
  // The menu's list hangs from the column's right edge.
  position: 'relative',
  padding: `0 ${space(4)}`,
  display: 'flex',
  alignItems: 'center',
  gap: space(3),
  // The bell joins the logo, the menu and the account link at 390 px: a narrower gap keeps all four whole.
  '@media (max-width: 420px)': { gap: space(2) },
});
const linkStyles = css({ fontWeight: 800, fontSize: '1.2rem', textDecoration: 'none' });

export function AppHeader() {
  return (
    <header css={headerStyles}>
      <div css={barStyles}>
        <Link to={paths.home()} css={linkStyles}>
          Kalike
        </Link>
        <MainMenu />
        <NotificationBell />
        <AccountLink />
      </div>
    </header>
  );
}
