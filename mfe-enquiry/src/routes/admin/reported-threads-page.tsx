import { useState } from 'react';
import { css } from '@emotion/react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { plainList } from '@kalike/shared/ui/layout-styles';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { mutedIntro } from '@kalike/shared/ui/text-styles';
import { colors, space } from '@kalike/shared/ui/theme';

import { useReportedThreads } from '../../features/admin/reported-threads/api/reported-threads';
import { ReportedThreadItem } from '../../features/admin/reported-threads/components/reported-thread-item';

// The last decision stays on screen: an admin working down a queue checks what they did.
const liveStyles = css({ margin: `0 0 ${space(4)}`, fontWeight: 600, color: colors.success, ':empty': { display: 'none' } });
const listStyles = css([plainList, { gap: space(4) }]);

function ReportedThreadList({ onResolved }: { onResolved: (sentence: string) => void }) {
  const threads = useReportedThreads();
  if (threads.isPending) return <SkeletonList rows={2} rowHeight="12rem" label="Loading reported conversations" />;
  if (threads.isError) {
    return (
      <StatusMessage tone="error" title="Reported conversations could not be loaded" action={{ label: 'Try again', onClick: () => void threads.refetch() }}>
        {readableErrorMessage(threads.error)}
      </StatusMessage>
    );
  }
  if (threads.data.threads.length === 0) {
    return <StatusMessage title="No reported conversations">When a family or a teacher reports a conversation, it appears here.</StatusMessage>;
  }
  return (
    <ul css={listStyles} aria-label="Reported conversations">
      {threads.data.threads.map((thread) => (
        <ReportedThreadItem key={thread.id} thread={thread} onResolved={onResolved} />
      ))}
    </ul>
  );
}

/**
 * `/admin/reported-threads` (admins only; the shell guards it and the API checks the token's
 * admin flag): conversations with open reports, the longest waiting first, with the messages
 * as written.
 */
export default function AdminReportedThreadsPage() {
  const [announcement, setAnnouncement] = useState('');
  return (
    <PageColumn>
      <DocumentTitle>Reported conversations</DocumentTitle>
      <PageTitle>Reported conversations</PageTitle>
      <p css={mutedIntro}>The longest waiting first. Read the messages, act outside this page if needed, then mark the reports handled.</p>
      <p role="status" css={liveStyles}>
        {announcement}
      </p>
      <ReportedThreadList onResolved={setAnnouncement} />
    </PageColumn>
  );
}
