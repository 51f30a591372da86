import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import * as paths from '@kalike/shared/routing/paths';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { colors, space, radius } from '@kalike/shared/ui/theme';

const introStyles = css({ margin: `0 0 ${space(3)}` });
const linkStyles = css({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  padding: `0 ${space(6)}`,
  borderRadius: radius.pill,
  background: colors.brand,
  color: '#fff',
  fontWeight: 600,
  textDecoration: 'none',
  '&:focus-visible': { outline: `3px solid ${colors.accent}`, outlineOffset: '2px' },
});

/** Signed out: why the shortlist needs an account, and the way to sign in and come back. */
export function ShortlistSignIn() {
  return (
    <StatusMessage title="Sign in to see your shortlist">
      <p css={introStyles}>
        Your shortlist is saved to your Kalike account, so the teachers you keep are there on any phone or computer, and you can compare them side by side
        before you enquire.
      </p>
      <Link to={paths.login(paths.shortlist())} css={linkStyles}>
        Sign in with your phone
      </Link>
    </StatusMessage>
  );
}
