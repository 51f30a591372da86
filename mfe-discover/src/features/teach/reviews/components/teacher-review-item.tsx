import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import type { TeacherReview } from '@kalike/shared/contracts/teacher-reviews';
import { formatDate } from '@kalike/shared/format/dates';
import { colors, space, radius, font } from '@kalike/shared/ui/theme';

import { ReviewReply } from '../../../../components/review-reply';
import { ReviewStars } from '../../../../components/review-stars';
import { ReplyForm } from './reply-form';

const itemStyles = css({ padding: space(4), borderRadius: radius.medium, background: colors.surface, border: `1px solid ${colors.border}` });
const headerStyles = css({ margin: 0, display: 'flex', justifyContent: 'space-between', gap: space(3) });
const metaStyles = css({ margin: `${space(1)} 0`, fontSize: font.size.small, color: colors.textMuted, overflowWrap: 'anywhere' });
const pageLinkStyles = css({ margin: `${space(2)} 0 0`, fontSize: font.size.small });
const commentStyles = css({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

/** One review of the teacher's classes, with their reply or the form to write it. */
export function TeacherReviewItem({ review }: { review: TeacherReview }) {
  return (
    <li css={itemStyles}>
      <article aria-label={`Review by ${review.authorName}`}>
        <p css={headerStyles}>
          <strong>{review.authorName}</strong>
          <ReviewStars rating={review.rating} />
        </p>
        <p css={metaStyles}>
          {review.listing.title} · {formatDate(review.createdAt)}
        </p>
        <p css={commentStyles}>{review.comment}</p>
        {review.reply ? (
          <>
            <ReviewReply reply={review.reply} by="Your reply" />
            <p css={pageLinkStyles}>
              <Link to={review.listing.pagePath}>See it on your page</Link>
            </p>
          </>
        ) : (
          <ReplyForm reviewId={review.id} authorName={review.authorName} />
        )}
      </article>
    </li>
  );
}
