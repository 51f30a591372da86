import { PageColumn } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';

export default function TeachPayoutsPage() {
  return (
    <PageColumn>
      <StatusMessage headingLevel={1} title="Payouts">
        <p>Opening soon.</p>
      </StatusMessage>
    </PageColumn>
  );
}
