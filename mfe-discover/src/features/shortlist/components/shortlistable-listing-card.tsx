import { useLocation } from 'react-router-dom';
import type { ListingCard as ListingCardData } from '@kalike/shared/contracts/teacher-listings';
import { track } from '@kalike/shared/analytics/track';

import { ListingCard } from '../../../components/listing-card';
import { ShortlistToggle } from './shortlist-toggle';

interface ShortlistableListingCardProps {
  listing: ListingCardData;
  /** Position in its list, from 0: the first two photos load at once, and analytics gets it from 1. */
  index: number;
  /** The section the card sits in, for analytics (spec §9). */
  refSection: string;
  onOpen?: (listing: ListingCardData) => void;
}

/** A listing card with the shortlist toggle: where the listings and shortlist features meet. */
export function ShortlistableListingCard({ listing, index, refSection, onOpen }: ShortlistableListingCardProps) {
  const { pathname } = useLocation();
  return (
    <ListingCard
      listing={listing}
      // Result lists sit right under the page's h1.
      headingLevel={2}
      eagerPhoto={index < 2}
      action={<ShortlistToggle listing={listing} refSection={refSection} />}
      onOpen={() => {
        onOpen?.(listing);
        track({
          name: 'teacher_card_opened',
          kind: 'funnel',
          eventType: 'click',
          refPage: pathname,
          refSection,
          properties: { listingId: listing.id, teacherSlug: listing.teacher.slug, position: index + 1 },
        });
      }}
    />
  );
}
