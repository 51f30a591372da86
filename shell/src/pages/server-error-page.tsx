import { PageColumn } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';

export function ServerErrorPage() {
  return (
    <PageColumn>
      <StatusMessage
        tone="error"
        headingLevel={1}
        title="Something went wrong on our side"
        action={{ label: 'Reload', onClick: () => window.location.reload() }}
      >
        <p>Nothing you entered has been lost. Please try again in a moment.</p>
      </StatusMessage>
    </PageColumn>
  );
}
