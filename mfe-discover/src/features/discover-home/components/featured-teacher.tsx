import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import type { ListingCard } from '@kalike/shared/contracts/teacher-listings';
import { formatPaise } from '@kalike/shared/format/money';
import { listingDistanceLabel } from '@kalike/shared/format/distance';
import { teacherOfTheDayReason } from '@kalike/shared/domain/teacher-of-the-day';
import { SkeletonBlock } from '@kalike/shared/ui/skeleton';
import { colors, space, radius, font } from '@kalike/shared/ui/theme';

import { RatingText } from '../../../components/rating-text';
import { TeacherAvatar } from '../../../components/teacher-avatar';
import { teacherNameTiming } from '../../../components/teacher-name-timing';
import { homeLayout } from './home-layout';

interface FeaturedTeacherProps {
  /** Undefined while loading; null when no teacher near the learner holds the badge today. */
  listing: ListingCard | null | undefined;
  onOpen: (listing: ListingCard) => void;
}

const bodyStyles = css({ display: 'grid', gap: space(1), alignContent: 'start', minWidth: 0 });
// Every line wraps: the card grows rather than cut a name, a title or the reason in half.
const subheadingStyles = css({ fontSize: font.size.large, margin: 0, overflowWrap: 'anywhere' });
const linkStyles = css({
  color: colors.text,
  textDecoration: 'none',
  '&::after': { content: '""', position: 'absolute', inset: 0 },
  '&:focus-visible': { outline: 'none' },
});
const titleStyles = css({ margin: 0, overflowWrap: 'anywhere' });
const factsStyles = css({ margin: 0, fontSize: font.size.small, display: 'flex', flexWrap: 'wrap', gap: `0 ${space(3)}` });
const reasonStyles = css({ margin: 0, fontSize: font.size.small, color: colors.textMuted });
const emptyStyles = css({
  boxSizing: 'border-box',
  minHeight: homeLayout.featuredHeight,
  borderRadius: radius.medium,
  margin: 0,
  display: 'grid',
  placeItems: 'center',
  textAlign: 'center',
  padding: space(4),
  border: `1px dashed ${colors.border}`,
  color: colors.textMuted,
});
const cardStyles = css({
  boxSizing: 'border-box',
  minHeight: homeLayout.featuredHeight,
  borderRadius: radius.medium,
  position: 'relative',
  overflow: 'hidden',
  display: 'flex',
  gap: space(4),
  padding: space(4),
  background: colors.brandSoft,
  border: `1px solid ${colors.brand}`,
  '&:focus-within': { boxShadow: `0 0 0 3px ${colors.accent}` },
});

/** Teacher of the Day: one larger card, the first thing under the page title. */
export function FeaturedTeacher({ listing, onOpen }: FeaturedTeacherProps) {
  if (listing === undefined) return <SkeletonBlock role="status" aria-label="Loading the Teacher of the Day" height={homeLayout.featuredHeight} />;
  if (listing === null) {
    return <p css={emptyStyles}>No Teacher of the Day near you today. The Super Teachers below are a fine place to start.</p>;
  }
  const place = listing.mode === 'online' ? 'Online' : (listing.apartment?.name ?? listing.locality.name);
  return (
    <article css={cardStyles}>
      <TeacherAvatar name={listing.teacher.name} photo={listing.teacher.photo} size={72} eager alt={listing.teacher.photo ? listing.teacher.name : ''} />
      <div css={bodyStyles}>
        <h3 css={subheadingStyles} {...teacherNameTiming}>
          <Link to={listing.path} onClick={() => onOpen(listing)} css={linkStyles}>
            {listing.teacher.name}
          </Link>
        </h3>
        <p css={titleStyles}>{listing.title}</p>
        <p css={factsStyles}>
          <strong>From {formatPaise(listing.priceFromPaise)}</strong>
          <RatingText rating={listing.teacher.rating} />
          <span>
            {listingDistanceLabel(listing.distanceMetres, listing.pointPrecision)} · {place}
          </span>
        </p>
        <p css={reasonStyles}>{teacherOfTheDayReason(listing.distanceMetres)}</p>
      </div>
    </article>
  );
}
