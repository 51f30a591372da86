import { Link } from 'react-router-dom';
import { PageColumn } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import * as paths from '@kalike/shared/routing/paths';

/** What anyone signed in without Kalike's admin role sees on an `/admin` route. */
export function AdminsOnlyPage() {
  return (
    <PageColumn>
      <StatusMessage headingLevel={1} title="This page is for Kalike's admins">
        <p>Listings are reviewed here before learners see them. Your account does not have the admin role.</p>
        <p>
          <Link to={paths.discover()}>Find teachers near you</Link> or go to <Link to={paths.account()}>your account</Link>.
        </p>
      </StatusMessage>
    </PageColumn>
  );
}
