import { css } from '@emotion/react';
import { useState } from 'react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { plainList } from '@kalike/shared/ui/layout-styles';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { toastStore } from '@kalike/shared/ui/toast-store';
import { colors, font, space } from '@kalike/shared/ui/theme';

import { usePayoutReviews } from '../features/admin-payouts/api/admin-payouts';
import { PayoutAuditTrail } from '../features/admin-payouts/components/payout-audit-trail';
import { PayoutReviewItem } from '../features/admin-payouts/components/payout-review-item';

const sectionStyles = css({ marginBottom: space(6), minWidth: 0 });
const headingStyles = css({ margin: `0 0 ${space(2)}`, fontSize: font.size.large });
const introStyles = css({ margin: `0 0 ${space(3)}`, color: colors.textMuted });
const liveStyles = css({ margin: `0 0 ${space(4)}`, fontWeight: 600, color: colors.success, ':empty': { display: 'none' } });

function ReviewQueue({ onDecided }: { onDecided: (message: string) => void }) {
  const queue = usePayoutReviews();
  if (queue.isPending) return <SkeletonList rows={2} rowHeight="12rem" label="Loading accounts awaiting review" />;
  if (queue.isError) {
    return (
      <StatusMessage tone="error" title="Accounts awaiting review could not be loaded" action={{ label: 'Try again', onClick: () => void queue.refetch() }}>
        {readableErrorMessage(queue.error)}
      </StatusMessage>
    );
  }
  if (queue.data.length === 0) {
    return (
      <StatusMessage title="No accounts awaiting review">When a bank holds a teacher's new payout account under another name, it appears here.</StatusMessage>
    );
  }
  return (
    <ul css={plainList} aria-label="Accounts awaiting review">
      {queue.data.map((review) => (
        <PayoutReviewItem key={review.teacherId} review={review} onDecided={onDecided} />
      ))}
    </ul>
  );
}

/**
 * `/admin/payout-accounts` (admins only; the shell guards it and the API checks the token's
 * admin flag): payout accounts held because the name at the bank is not the teacher's, to
 * approve or reject with a reason; and the payout audit trail, newest first, per teacher.
 */
export default function AdminPayoutsPage() {
  const [announcement, setAnnouncement] = useState('');
  const [teacher, setTeacher] = useState<{ id: string; name: string } | null>(null);
  const announce = (message: string) => {
    setAnnouncement(message);
    toastStore.getState().show(message);
  };

  return (
    <PageColumn>
      <DocumentTitle>Payout accounts</DocumentTitle>
      <PageTitle>Payout accounts</PageTitle>
      <p role="status" css={liveStyles}>
        {announcement}
      </p>
      <section css={sectionStyles} aria-labelledby="admin-payout-reviews">
        <h2 id="admin-payout-reviews" css={headingStyles}>
          Awaiting review
        </h2>
        <p css={introStyles}>
          The bank holds these accounts under a name that is not the teacher's. No payout goes to one until it is approved; call the teacher before you do.
        </p>
        <ReviewQueue onDecided={announce} />
      </section>
      <section css={sectionStyles} aria-labelledby="admin-payout-audit">
        <h2 id="admin-payout-audit" css={headingStyles}>
          Audit trail
        </h2>
        <p css={introStyles}>Every payout and every change of a payout account, newest first. Account numbers and UPI ids are masked.</p>
        <PayoutAuditTrail teacher={teacher} onTeacher={setTeacher} />
      </section>
    </PageColumn>
  );
}
