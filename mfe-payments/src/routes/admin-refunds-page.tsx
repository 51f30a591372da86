import { css } from '@emotion/react';
import { useState } from 'react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { toastStore } from '@kalike/shared/ui/toast-store';
import { visuallyHiddenStyles } from '@kalike/shared/ui/visually-hidden';
import { plainList } from '@kalike/shared/ui/layout-styles';
import { colors, font, space } from '@kalike/shared/ui/theme';

import { useClassReportsQueue } from '../features/admin-refunds/api/admin-refunds';
import { MoneyLog } from '../features/admin-refunds/components/money-log';
import { PackSearch } from '../features/admin-refunds/components/pack-search';
import { ReportItem } from '../features/admin-refunds/components/report-item';

const sectionStyles = css({ marginBottom: space(6), minWidth: 0 });
const headingStyles = css({ margin: `0 0 ${space(2)}`, fontSize: font.size.large });
const introStyles = css({ margin: `0 0 ${space(3)}`, color: colors.textMuted });
const liveStyles = css(visuallyHiddenStyles);

function ReportQueue({ onDecided }: { onDecided: (message: string) => void }) {
  const queue = useClassReportsQueue();
  if (queue.isPending) return <SkeletonList rows={2} rowHeight="14rem" label="Loading reports" />;
  if (queue.isError) {
    return (
      <StatusMessage tone="error" title="Reports could not be loaded" action={{ label: 'Try again', onClick: () => void queue.refetch() }}>
        {readableErrorMessage(queue.error)}
      </StatusMessage>
    );
  }
  if (queue.data.length === 0) {
    return <StatusMessage title="No open reports">When a family reports that a class did not happen, it appears here.</StatusMessage>;
  }
  return (
    <ul css={plainList} aria-label="Open reports">
      {queue.data.map((report) => (
        <ReportItem key={report.id} report={report} onDecided={onDecided} />
      ))}
    </ul>
  );
}

/**
 * `/admin/refunds` (admins only; the shell guards it and the API checks the token's admin
 * flag): reports that a class did not happen, oldest first; refunds of a class, a pack or an
 * amount of a family's pack; and the log of every admin money action, newest first.
 */
export default function AdminRefundsPage() {
  const [announcement, setAnnouncement] = useState('');
  const announce = (message: string) => {
    setAnnouncement(message);
    toastStore.getState().show(message);
  };

  return (
    <PageColumn>
      <DocumentTitle>Refunds</DocumentTitle>
      <PageTitle>Refunds</PageTitle>
      <p role="status" css={liveStyles}>
        {announcement}
      </p>
      <section css={sectionStyles} aria-labelledby="admin-class-reports">
        <h2 id="admin-class-reports" css={headingStyles}>
          Classes reported as not held
        </h2>
        <p css={introStyles}>
          Oldest first. Refunding the class sends the price paid per class back to the family's payment method; dismissing tells the family why.
        </p>
        <ReportQueue onDecided={announce} />
      </section>
      <section css={sectionStyles} aria-labelledby="admin-pack-refunds">
        <h2 id="admin-pack-refunds" css={headingStyles}>
          Refund a class, a pack or an amount
        </h2>
        <PackSearch onDone={announce} />
      </section>
      <section css={sectionStyles} aria-labelledby="admin-money-log">
        <h2 id="admin-money-log" css={headingStyles}>
          Admin money actions
        </h2>
        <p css={introStyles}>Newest first: every refund and decision made on this page, by whom and why.</p>
        <MoneyLog />
      </section>
    </PageColumn>
  );
}
