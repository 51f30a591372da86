import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import type { ListingCard as ListingCardData } from '@kalike/shared/contracts/teacher-listings';
import { formatPaise } from '@kalike/shared/format/money';
import { listingDistanceLabel } from '@kalike/shared/format/distance';
import { formatShortDay } from '@kalike/shared/format/dates';
import { SkeletonBlock } from '@kalike/shared/ui/skeleton';
import { theme, colors, space, radius, font } from '@kalike/shared/ui/theme';

import { modeLabels, seatsLabel } from '../utils/listing-labels';
import { BadgeChips } from './badge-chips';
import { cardLinkStyles } from './card-link-styles';
import { RatingText } from './rating-text';
import { TeacherAvatar } from './teacher-avatar';
import { teacherNameTiming } from './teacher-name-timing';

/** Cards are at least this tall, and their skeletons exactly this tall, so arriving results do not push the page. */
export const listingCardMinHeight = '10.5rem';

const cardStyles = css({
  position: 'relative',
  display: 'flex',
  gap: space(3),
  minHeight: listingCardMinHeight,
  padding: space(4),
  background: colors.surface,
  border: `1px solid ${colors.border}`,
  borderRadius: radius.medium,
  '&:focus-within': { borderColor: colors.brand },
});

export function nextBatchLabel(nextBatchStartsOn: string | null): string {
  return nextBatchStartsOn ? `Next batch starts ${formatShortDay(nextBatchStartsOn)}` : 'Batches running: join any time';
}

interface ListingCardProps {
  listing: ListingCardData;
  /** Lists under an h2 use h3 (the default). */
  headingLevel?: 2 | 3;
  /** A control beside the card, e.g. the shortlist toggle; it stays clickable above the card link. */
  action?: ReactNode;
  /** Called when the person opens the teacher, for analytics. */
  onOpen?: () => void;
  /** The first cards of a page are above the fold: their photos load at once. */
  eagerPhoto?: boolean;
}

const bodyStyles = css({ display: 'grid', gap: space(1), alignContent: 'start', minWidth: 0, flex: 1 });
const nameStyles = css({ fontSize: font.size.body, margin: 0 });
/** Room for the action drawn over the card's corner. */
const nameBesideActionStyles = css({ paddingRight: space(10) });
const nameLinkStyles = css(cardLinkStyles(theme, '2px'));
const titleStyles = css({ margin: 0 });
const mutedStyles = css({ color: colors.textMuted, fontSize: font.size.small, margin: 0 });
const factsStyles = css({ margin: 0, display: 'flex', flexWrap: 'wrap', gap: `0 ${space(3)}` });
const actionStyles = css({ position: 'absolute', top: space(3), right: space(3), zIndex: 1 });

/**
 * A listing in a list: who teaches, what, where, how far, from what price, how rated,
 * and when the next batch starts. The whole card opens the teacher's page.
 */
export function ListingCard({ listing, headingLevel = 3, action, onOpen, eagerPhoto = false }: ListingCardProps) {
  const Heading = `h${headingLevel}` as const;
  const place = listing.mode === 'online' ? 'Online' : (listing.apartment?.name ?? listing.locality.name);
  return (
    <article css={cardStyles}>
      <TeacherAvatar
        name={listing.teacher.name}
        photo={listing.teacher.photo}
        size={56}
        eager={eagerPhoto}
        alt={listing.teacher.photo ? listing.teacher.name : ''}
      />
      <div css={bodyStyles}>
        <Heading css={[nameStyles, action ? nameBesideActionStyles : undefined]} {...teacherNameTiming}>
          <Link to={listing.path} onClick={onOpen} css={nameLinkStyles}>
            {listing.teacher.name}
          </Link>
        </Heading>
        <p css={titleStyles}>{listing.title}</p>
        <p css={mutedStyles}>
          {listing.category.name} · {place} · {modeLabels[listing.mode]}
        </p>
        <p css={factsStyles}>
          <strong>From {formatPaise(listing.priceFromPaise)}</strong>
          <RatingText rating={listing.teacher.rating} />
          <span>{listingDistanceLabel(listing.distanceMetres, listing.pointPrecision)}</span>
        </p>
        <BadgeChips badges={listing.teacher.badges} />
        <p css={mutedStyles}>
          {nextBatchLabel(listing.nextBatchStartsOn)} · {seatsLabel(listing.seatsLeft)}
        </p>
      </div>
      {action && <div css={actionStyles}>{action}</div>}
    </article>
  );
}

const skeletonsStyles = css({ display: 'grid', gap: '0.75rem' });

export function ListingCardSkeletons({ count, label }: { count: number; label: string }) {
  return (
    <div role="status" aria-label={label} css={skeletonsStyles}>
      {Array.from({ length: count }, (_, index) => (
        <SkeletonBlock key={index} height={listingCardMinHeight} />
      ))}
    </div>
  );
}
