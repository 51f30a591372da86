import type { Rating } from '@kalike/shared/contracts/teacher-listings';
import { VisuallyHidden } from '@kalike/shared/ui/visually-hidden';

import { ratingLabel } from '../utils/listing-labels';

/** "★ 4.8 (52)" on screen; the whole sentence for screen readers. */
export function RatingText({ rating }: { rating: Rating }) {
  if (rating.count === 0) return <span>New on Kalike</span>;
  return (
    <span>
      <span aria-hidden="true">
        ★ {rating.average.toFixed(1)} ({rating.count.toLocaleString('en-IN')})
      </span>
      <VisuallyHidden>Rated {ratingLabel(rating)}</VisuallyHidden>
    </span>
  );
}
