import { PageColumn } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';

export default function TeachListingNewPage() {
  return (
    <PageColumn>
      <StatusMessage headingLevel={1} title="A new listing">
        <p>Opening soon.</p>
      </StatusMessage>
    </PageColumn>
  );
}
