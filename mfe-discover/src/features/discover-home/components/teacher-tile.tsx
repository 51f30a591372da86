import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import type { ListingCard } from '@kalike/shared/contracts/teacher-listings';
import { formatPaise } from '@kalike/shared/format/money';
import { listingDistanceLabel } from '@kalike/shared/format/distance';
import { theme, colors, space, radius, font } from '@kalike/shared/ui/theme';

import { cardLinkStyles } from '../../../components/card-link-styles';
import { RatingText } from '../../../components/rating-text';
import { TeacherAvatar } from '../../../components/teacher-avatar';
import { teacherNameTiming } from '../../../components/teacher-name-timing';
import { homeLayout } from './home-layout';
import { clampLines } from './home-section';

interface TeacherTileProps {
  listing: ListingCard;
  onOpen: () => void;
  eagerPhoto?: boolean;
}

const cardStyles = css({
  position: 'relative',
  boxSizing: 'border-box',
  width: homeLayout.tileWidth,
  height: homeLayout.tileHeight,
  overflow: 'hidden',
  padding: space(3),
  display: 'grid',
  gridTemplateRows: 'auto 1fr auto auto',
  gap: space(1),
  background: colors.surface,
  border: `1px solid ${colors.border}`,
  borderRadius: radius.medium,
  '&:focus-within': { borderColor: colors.brand },
});
const teacherStyles = css({ display: 'flex', gap: space(2), alignItems: 'center', minWidth: 0 });
const nameBlockStyles = css({ minWidth: 0 });
// A teacher's name is never cut: two lines hold the longest names at a tile's width.
const subheadingStyles = css({ fontSize: font.size.body, margin: 0, overflowWrap: 'break-word', ...clampLines(2) });
const linkStyles = css(cardLinkStyles(theme, '-3px'));
const mutedLineStyles = css({ fontSize: font.size.small, margin: 0, color: colors.textMuted, ...clampLines(1) });
const titleStyles = css({ fontSize: font.size.small, margin: 0, ...clampLines(2) });
const factsStyles = css({ fontSize: font.size.small, margin: 0, display: 'flex', gap: space(2), whiteSpace: 'nowrap' });

/** A teacher in a home row: a fixed-size, text-first card that opens the teacher's page. */
export function TeacherTile({ listing, onOpen, eagerPhoto = false }: TeacherTileProps) {
  const place = listing.mode === 'online' ? 'Online' : (listing.apartment?.name ?? listing.locality.name);
  return (
    <article css={cardStyles}>
      <div css={teacherStyles}>
        <TeacherAvatar
          name={listing.teacher.name}
          photo={listing.teacher.photo}
          size={44}
          eager={eagerPhoto}
          alt={listing.teacher.photo ? listing.teacher.name : ''}
        />
        <div css={nameBlockStyles}>
          <h3 css={subheadingStyles} {...teacherNameTiming}>
            <Link to={listing.path} onClick={onOpen} css={linkStyles}>
              {listing.teacher.name}
            </Link>
          </h3>
          <p css={mutedLineStyles}>{listing.category.name}</p>
        </div>
      </div>
      <p css={titleStyles}>{listing.title}</p>
      <p css={factsStyles}>
        <strong>From {formatPaise(listing.priceFromPaise)}</strong>
        <RatingText rating={listing.teacher.rating} />
      </p>
      <p css={mutedLineStyles}>
        {listingDistanceLabel(listing.distanceMetres, listing.pointPrecision)} · {place}
      </p>
    </article>
  );
}
