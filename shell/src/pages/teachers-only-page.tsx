import { Link } from 'react-router-dom';
import { PageColumn } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import * as paths from '@kalike/shared/routing/paths';

import { teachersContactEmail, teachersContactHref } from '../features/account/teachers-contact';

/** What a signed-in learner sees on any `/teach` route: what the workspace is and how to become a teacher. */
export function TeachersOnlyPage() {
  return (
    <PageColumn>
      <StatusMessage headingLevel={1} title="The teacher workspace is for Kalike teachers">
        <p>Teachers answer enquiries, run their classes and get paid here. You are signed in with a learner account.</p>
        <p>
          Want to teach on Kalike? Write to <a href={teachersContactHref}>{teachersContactEmail}</a> with your name, what you teach and where. We set up your
          teacher profile, then you sign in with its phone number.
        </p>
        <p>
          <Link to={paths.discover()}>Find teachers near you</Link> or go to <Link to={paths.account()}>your account</Link>.
        </p>
      </StatusMessage>
    </PageColumn>
  );
}
