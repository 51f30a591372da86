import { Link, useLocation } from 'react-router-dom';
import { useTheme } from '@emotion/react';
import { useUserStore } from '@kalike/shared/user/user-store';
import { paths } from '@kalike/shared/routing/paths';

export function AccountLink() {
  const theme = useTheme();
  const { pathname, search } = useLocation();
  const user = useUserStore((state) => state.user);
  const style = {
    display: 'inline-block',
    lineHeight: '44px',
    fontSize: theme.font.size.small,
    fontWeight: 700,
    whiteSpace: 'nowrap',
    // A long first name gives way before the menu does.
    maxWidth: '7rem',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  } as const;
  if (user) {
    const name = user.learnerAccount?.name || user.teacher?.name;
    const firstName = name?.split(' ')[0];
    // The accessible name starts with the words on screen, so "click Asha" works by voice.
    return (
      <Link to={paths.account()} css={style} aria-label={firstName ? `${firstName}, your account` : undefined}>
        {firstName ?? 'Account'}
      </Link>
    );
  }
  if (pathname === paths.login()) return null;
  return (
    <Link to={paths.login(`${pathname}${search}`)} css={style}>
      Sign in
    </Link>
  );
}
