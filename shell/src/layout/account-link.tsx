import { css } from '@emotion/react';
import { Link, useLocation } from 'react-router-dom';
import { useUserStore } from '@kalike/shared/user/user-store';
import * as paths from '@kalike/shared/routing/paths';
import { font } from '@kalike/shared/ui/theme';

import { signInFromParam } from '../app/after-sign-in';

const linkStyles = css({
  display: 'inline-block',
  lineHeight: '44px',
  fontSize: font.size.small,
  fontWeight: 700,
  whiteSpace: 'nowrap',
  maxWidth: '7rem',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});

export function AccountLink() {
  const { pathname, search } = useLocation();
  const user = useUserStore((state) => state.user);
  if (user) {
    const name = user.learnerAccount?.name || user.teacher?.name;
    const firstName = name?.split(' ')[0];
    // The accessible name starts with the words on screen, so "click Asha" works by voice.
    return (
      <Link to={paths.account()} css={linkStyles} aria-label={firstName ? `${firstName}, your account` : undefined}>
        {firstName ?? 'Account'}
      </Link>
    );
  }
  if (pathname === paths.login()) return null;
  // Where they were, not where they must go: after signing in, what waits for them comes first.
  return (
    <Link to={`${paths.login()}?${new URLSearchParams({ [signInFromParam]: `${pathname}${search}` }).toString()}`} css={linkStyles}>
      Sign in
    </Link>
  );
}
