import { Link } from 'react-router-dom';
import { PageColumn } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import * as paths from '@kalike/shared/routing/paths';

/** Where the API's USER_ERROR_NOT_FOUND leads (spec §8). */
export function UserNotFoundPage() {
  return (
    <PageColumn>
      <StatusMessage headingLevel={1} title="We could not find your account">
        <p>
          Your account may have been removed, or you signed in with a different number. <Link to={paths.login()}>Sign in again</Link>.
        </p>
      </StatusMessage>
    </PageColumn>
  );
}
