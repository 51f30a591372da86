import { PageColumn } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';

/** Joining Kalike as a teacher. */
export default function TeachJoinPage() {
  return (
    <PageColumn>
      <StatusMessage headingLevel={1} title="Teach on Kalike">
        <p>Joining opens soon.</p>
      </StatusMessage>
    </PageColumn>
  );
}
