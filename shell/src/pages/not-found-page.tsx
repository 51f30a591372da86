import { Link } from 'react-router-dom';
import { PageColumn } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import * as paths from '@kalike/shared/routing/paths';

export function NotFoundPage() {
  return (
    <PageColumn>
      <StatusMessage headingLevel={1} title="We could not find that page">
        <p>
          The link may be old or mistyped. <Link to={paths.discover()}>Find teachers near you</Link> or <Link to={paths.categories()}>browse categories</Link>.
        </p>
      </StatusMessage>
    </PageColumn>
  );
}
