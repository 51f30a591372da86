import type { ReactNode } from 'react';
import * as paths from '@kalike/shared/routing/paths';
import { StatusMessage } from '@kalike/shared/ui/status-message';

import { useCurrentPath } from '@kalike/shared/hooks/use-current-path';
import { LinkButton } from '@kalike/shared/ui/link-button';
import { pageIntro } from '@kalike/shared/ui/text-styles';

/** Signed out: why the page needs an account, and a way to sign in and come straight back. */
export function SignInPrompt({ title, children }: { title: string; children: ReactNode }) {
  const here = useCurrentPath();
  return (
    <StatusMessage title={title}>
      <p css={pageIntro}>{children}</p>
      <LinkButton to={paths.login(here)}>Sign in</LinkButton>
    </StatusMessage>
  );
}
