import { css } from '@emotion/react';

const starsStyles = css({ color: '#b06f00', letterSpacing: '0.1em', whiteSpace: 'nowrap' });

/** A review's rating as five stars, read out as "4 out of 5". */
export function ReviewStars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`${rating} out of 5`} css={starsStyles}>
      {'★'.repeat(rating)}
      {'☆'.repeat(5 - rating)}
    </span>
  );
}
