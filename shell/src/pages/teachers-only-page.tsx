import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import { PageColumn } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { LinkButton } from '@kalike/shared/ui/link-button';
import { useUserStore } from '@kalike/shared/user/user-store';
import * as paths from '@kalike/shared/routing/paths';
import { space } from '@kalike/shared/ui/theme';

import { SwitchRoleButton } from '../features/role-switch/switch-role-button';

const actionStyles = css({ margin: `${space(4)} 0` });

/** What a signed-in learner sees on any `/teach` route: what the workspace is and how to become a teacher. */
export function TeachersOnlyPage() {
  const alreadyTeaches = useUserStore((state) => Boolean(state.user?.teacher));
  return (
    <PageColumn>
      <StatusMessage headingLevel={1} title="The teacher workspace is for Kalike teachers">
        <p>Teachers answer enquiries, run their classes and get paid here. You are signed in with a learner account.</p>
        {alreadyTeaches ? (
          <div css={actionStyles}>
            <p>Your phone number also teaches on Kalike.</p>
            <SwitchRoleButton to="Teacher" variant="primary" />
          </div>
        ) : (
          <div css={actionStyles}>
            <p>Want to teach on Kalike? Join with the number you are signed in with; it takes a minute.</p>
            <LinkButton to={paths.teachJoin()}>Teach on Kalike</LinkButton>
          </div>
        )}
        <p>
          <Link to={paths.discover()}>Find teachers near you</Link> or go to <Link to={paths.account()}>your account</Link>.
        </p>
      </StatusMessage>
    </PageColumn>
  );
}
