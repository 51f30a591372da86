import { css } from '@emotion/react';
import type { Rating, Review } from '@kalike/shared/contracts/teacher-listings';
import { formatDate } from '@kalike/shared/format/dates';
import { colors, space, radius, font } from '@kalike/shared/ui/theme';

import { ReviewReply } from '../../../components/review-reply';
import { ReviewStars } from '../../../components/review-stars';
import { ratingLabel } from '../../../utils/listing-labels';

const sectionStyles = css({ marginTop: space(6) });
const headingStyles = css({ fontSize: font.size.large, margin: `0 0 ${space(2)}` });
const summaryStyles = css({ margin: `0 0 ${space(3)}` });
const noCommentsStyles = css({ color: colors.textMuted });
const listStyles = css({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space(3) });
const itemStyles = css({
  padding: space(4),
  borderRadius: radius.medium,
  background: colors.surface,
  border: `1px solid ${colors.border}`,
});
const reviewHeaderStyles = css({ margin: 0, display: 'flex', justifyContent: 'space-between', gap: space(3) });
const reviewMetaStyles = css({ margin: `${space(1)} 0`, fontSize: font.size.small, color: colors.textMuted });
const commentStyles = css({ margin: 0 });

/** The rating summary and the newest reviews, as the API sends them (at most 20), each with the teacher's reply. */
export function ReviewsList({ rating, reviews, teacherName }: { rating: Rating; reviews: readonly Review[]; teacherName: string }) {
  return (
    <section aria-labelledby="teacher-reviews" css={sectionStyles}>
      <h2 id="teacher-reviews" css={headingStyles}>
        Ratings and reviews
      </h2>
      <p css={summaryStyles}>{rating.count === 0 ? 'No ratings yet.' : `Rated ${ratingLabel(rating)}.`}</p>
      {reviews.length === 0 ? (
        rating.count > 0 && <p css={noCommentsStyles}>Learners have rated without writing a review yet.</p>
      ) : (
        <ul css={listStyles}>
          {reviews.map((review) => (
            <li key={review.id} css={itemStyles}>
              <article aria-label={`Review by ${review.authorName}`}>
                <p css={reviewHeaderStyles}>
                  <strong>{review.authorName}</strong>
                  <ReviewStars rating={review.rating} />
                </p>
                <p css={reviewMetaStyles}>
                  {review.categoryName} · {formatDate(review.createdAt)}
                </p>
                <p css={commentStyles}>{review.comment}</p>
                {review.reply && <ReviewReply reply={review.reply} by={`Reply from ${teacherName}`} />}
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
