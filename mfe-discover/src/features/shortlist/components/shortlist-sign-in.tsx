import { css } from '@emotion/react';
import * as paths from '@kalike/shared/routing/paths';
import { LinkButton } from '@kalike/shared/ui/link-button';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { space } from '@kalike/shared/ui/theme';

const introStyles = css({ margin: `0 0 ${space(3)}` });

/** Signed out: why the shortlist needs an account, and the way to sign in and come back. */
export function ShortlistSignIn() {
  return (
    <StatusMessage title="Sign in to see your shortlist">
      <p css={introStyles}>
        Your shortlist is saved to your Kalike account, so the teachers you keep are there on any phone or computer, and you can compare them side by side
        before you enquire.
      </p>
      <LinkButton to={paths.login(paths.shortlist())}>Sign in with your phone</LinkButton>
    </StatusMessage>
  );
}
