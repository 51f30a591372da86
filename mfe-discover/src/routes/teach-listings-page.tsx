import { PageColumn } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';

export default function TeachListingsPage() {
  return (
    <PageColumn>
      <StatusMessage headingLevel={1} title="Your listings">
        <p>Opening soon.</p>
      </StatusMessage>
    </PageColumn>
  );
}
