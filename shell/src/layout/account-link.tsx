import { Link, useLocation } from 'react-router-dom';
import { useTheme } from '@emotion/react';
import { useUserStore } from '@kalike/shared/user/user-store';
import { paths } from '@kalike/shared/routing/paths';

export function AccountLink() {
  const theme = useTheme();
  const { pathname, search } = useLocation();
  const user = useUserStore((state) => state.user);
  const style = { marginLeft: 'auto', fontSize: theme.font.size.small, fontWeight: 700, whiteSpace: 'nowrap' } as const;
  if (user) {
    const name = user.learnerAccount?.name || user.teacher?.name || 'Account';
    return (
      <Link to={paths.account()} css={style} aria-label={`Your account (${name})`}>
        {name.split(' ')[0]}
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
