import { PageColumn } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';

export default function TeachListingPage() {
  return (
    <PageColumn>
      <StatusMessage headingLevel={1} title="Your listing">
        <p>Opening soon.</p>
      </StatusMessage>
    </PageColumn>
  );
}
