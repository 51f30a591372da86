import { useTheme } from '@emotion/react';
import type { Rating, Review } from '@kalike/shared/contracts/teacher-listings';
import { formatDate } from '@kalike/shared/format/dates';

import { ratingLabel } from '../../../utils/listing-labels';

/** The rating summary and the newest reviews, as the API sends them (at most 20). */
export function ReviewsList({ rating, reviews }: { rating: Rating; reviews: readonly Review[] }) {
  const theme = useTheme();
  return (
    <section aria-labelledby="teacher-reviews" css={{ marginTop: theme.space(6) }}>
      <h2 id="teacher-reviews" css={{ fontSize: theme.font.size.large, margin: `0 0 ${theme.space(2)}` }}>
        Ratings and reviews
      </h2>
      <p css={{ margin: `0 0 ${theme.space(3)}` }}>{rating.count === 0 ? 'No ratings yet.' : `Rated ${ratingLabel(rating)}.`}</p>
      {reviews.length === 0 ? (
        rating.count > 0 && <p css={{ color: theme.colors.textMuted }}>Learners have rated without writing a review yet.</p>
      ) : (
        <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: theme.space(3) }}>
          {reviews.map((review) => (
            <li key={review.id} css={{ padding: theme.space(4), borderRadius: theme.radius.medium, background: theme.colors.surface, border: `1px solid ${theme.colors.border}` }}>
              <article aria-label={`Review by ${review.authorName}`}>
                <p css={{ margin: 0, display: 'flex', justifyContent: 'space-between', gap: theme.space(3) }}>
                  <strong>{review.authorName}</strong>
                  <span role="img" aria-label={`${review.rating} out of 5`} css={{ color: '#b06f00', letterSpacing: '0.1em' }}>
                    {'★'.repeat(review.rating)}
                    {'☆'.repeat(5 - review.rating)}
                  </span>
                </p>
                <p css={{ margin: `${theme.space(1)} 0`, fontSize: theme.font.size.small, color: theme.colors.textMuted }}>
                  {review.categoryName} · {formatDate(review.createdAt)}
                </p>
                <p css={{ margin: 0 }}>{review.comment}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
