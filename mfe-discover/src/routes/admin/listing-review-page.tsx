import { useState } from 'react';
import { css } from '@emotion/react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { toastStore } from '@kalike/shared/ui/toast-store';
import { visuallyHiddenStyles } from '@kalike/shared/ui/visually-hidden';
import { colors, font, space } from '@kalike/shared/ui/theme';

import { useReviewQueue } from '../../features/admin/listing-review/api/admin-reviews';
import { BadgeManager } from '../../features/admin/listing-review/components/badge-manager';
import { ReviewItem } from '../../features/admin/listing-review/components/review-item';

const sectionStyles = css({ marginBottom: space(6), minWidth: 0 });
const headingStyles = css({ margin: `0 0 ${space(2)}`, fontSize: font.size.large });
const introStyles = css({ margin: `0 0 ${space(3)}`, color: colors.textMuted });
const listStyles = css({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space(3) });
const liveStyles = css(visuallyHiddenStyles);

function ReviewQueue({ onDecided }: { onDecided: (message: string) => void }) {
  const queue = useReviewQueue();
  if (queue.isPending) return <SkeletonList rows={2} rowHeight="12rem" label="Loading listings to review" />;
  if (queue.isError) {
    return (
      <StatusMessage tone="error" title="Listings to review could not be loaded" action={{ label: 'Try again', onClick: () => void queue.refetch() }}>
        {readableErrorMessage(queue.error)}
      </StatusMessage>
    );
  }
  if (queue.data.items.length === 0) {
    return (
      <StatusMessage title="Nothing to review">
        <p>New listings and changes to a live listing's price or place appear here when teachers send them.</p>
      </StatusMessage>
    );
  }
  return (
    <ul css={listStyles} aria-label="Listings to review">
      {queue.data.items.map((item) => (
        <ReviewItem key={item.listingId} item={item} onDecided={onDecided} />
      ))}
    </ul>
  );
}

/**
 * `/admin/reviews` (admins only; the shell guards it and the API checks the token's admin
 * flag): listings waiting for review, oldest first, and teachers' badges.
 */
export default function AdminReviewsPage() {
  const [announcement, setAnnouncement] = useState('');
  const announce = (message: string) => {
    setAnnouncement(message);
    toastStore.getState().show(message);
  };

  return (
    <PageColumn>
      <DocumentTitle>Review listings</DocumentTitle>
      <PageTitle>Review listings</PageTitle>
      <p role="status" css={liveStyles}>
        {announcement}
      </p>
      <section css={sectionStyles} aria-labelledby="admin-review-queue">
        <h2 id="admin-review-queue" css={headingStyles}>
          Waiting for review
        </h2>
        <p css={introStyles}>Oldest first. Learners see a listing, or a change to its price or place, only once it is approved.</p>
        <ReviewQueue onDecided={announce} />
      </section>
      <section css={sectionStyles} aria-labelledby="admin-badges">
        <h2 id="admin-badges" css={headingStyles}>
          Badges
        </h2>
        <p css={introStyles}>Verified, Super Teacher and Teacher of the Day show on the teacher's cards and page as soon as they change.</p>
        <BadgeManager onChanged={announce} />
      </section>
    </PageColumn>
  );
}
