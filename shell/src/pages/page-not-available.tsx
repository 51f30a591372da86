import { Link } from 'react-router-dom';
import { PageColumn } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import * as paths from '@kalike/shared/routing/paths';

/** For routes that are mapped to an owner whose page has not shipped yet. */
export function PageNotAvailable() {
  return (
    <PageColumn>
      <StatusMessage headingLevel={1} title="This page is not available yet">
        <p>
          We are still building it. <Link to={paths.discover()}>Find teachers near you</Link> in the meantime.
        </p>
      </StatusMessage>
    </PageColumn>
  );
}
