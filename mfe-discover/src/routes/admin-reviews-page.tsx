import { PageColumn } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';

export default function AdminReviewsPage() {
  return (
    <PageColumn>
      <StatusMessage headingLevel={1} title="Listings to review">
        <p>Opening soon.</p>
      </StatusMessage>
    </PageColumn>
  );
}
