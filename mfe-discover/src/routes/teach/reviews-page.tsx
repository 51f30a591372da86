import { css } from '@emotion/react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { colors, space } from '@kalike/shared/ui/theme';

import { useTeacherReviews } from '../../features/teach/reviews/api/teacher-reviews';
import { TeacherReviewItem } from '../../features/teach/reviews/components/teacher-review-item';
import { ratingLabel } from '../../utils/listing-labels';

const summaryStyles = css({ margin: `0 0 ${space(4)}`, color: colors.textMuted });
const listStyles = css({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space(3) });

function ReviewsContent() {
  const reviews = useTeacherReviews();
  if (reviews.isPending) return <SkeletonList rows={3} rowHeight="8rem" label="Loading your reviews" />;
  if (reviews.isError) {
    return (
      <StatusMessage tone="error" title="Your reviews could not be loaded" action={{ label: 'Try again', onClick: () => void reviews.refetch() }}>
        {readableErrorMessage(reviews.error)}
      </StatusMessage>
    );
  }
  const { rating, reviews: list } = reviews.data;
  return (
    <>
      <p css={summaryStyles}>{rating.count === 0 ? 'No ratings yet.' : `Rated ${ratingLabel(rating)}.`}</p>
      {list.length === 0 ? (
        <StatusMessage title="No written reviews yet">
          <p>
            {rating.count > 0
              ? 'Learners have rated your classes without writing a review yet.'
              : 'After a class, learners are asked to rate it. Their reviews appear here and on your page.'}
          </p>
        </StatusMessage>
      ) : (
        <ul css={listStyles} aria-label="Reviews of your classes">
          {list.map((review) => (
            <TeacherReviewItem key={review.id} review={review} />
          ))}
        </ul>
      )}
    </>
  );
}

/** `/teach/reviews`: what learners wrote about the teacher's classes, and one public reply to each. */
export default function TeachReviewsPage() {
  return (
    <PageColumn>
      <DocumentTitle>Your reviews</DocumentTitle>
      <PageTitle>Reviews</PageTitle>
      <ReviewsContent />
    </PageColumn>
  );
}
