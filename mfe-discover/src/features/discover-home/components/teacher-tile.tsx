import { Link } from 'react-router-dom';
import { useTheme } from '@emotion/react';
import type { ListingCard } from '@kalike/shared/contracts/teacher-listings';
import { formatPaise } from '@kalike/shared/format/money';
import { listingDistanceLabel } from '@kalike/shared/format/distance';

import { cardLinkStyles } from '../../../components/card-link-styles';
import { RatingText } from '../../../components/rating-text';
import { TeacherAvatar } from '../../../components/teacher-avatar';
import { homeLayout } from './home-layout';
import { clampLines } from './home-section';

interface TeacherTileProps {
  listing: ListingCard;
  onOpen: () => void;
  eagerPhoto?: boolean;
}

/** A teacher in a home row: a fixed-size, text-first card that opens the teacher's page. */
export function TeacherTile({ listing, onOpen, eagerPhoto = false }: TeacherTileProps) {
  const theme = useTheme();
  const place = listing.mode === 'online' ? 'Online' : (listing.apartment?.name ?? listing.locality.name);
  const small = { fontSize: theme.font.size.small, margin: 0 } as const;
  return (
    <article
      css={{
        position: 'relative',
        boxSizing: 'border-box',
        width: homeLayout.tileWidth,
        height: homeLayout.tileHeight,
        overflow: 'hidden',
        padding: theme.space(3),
        display: 'grid',
        gridTemplateRows: 'auto 1fr auto auto',
        gap: theme.space(1),
        background: theme.colors.surface,
        border: `1px solid ${theme.colors.border}`,
        borderRadius: theme.radius.medium,
        '&:focus-within': { borderColor: theme.colors.brand },
      }}
    >
      <div css={{ display: 'flex', gap: theme.space(2), alignItems: 'center', minWidth: 0 }}>
        <TeacherAvatar name={listing.teacher.name} photoUrl={listing.teacher.photoUrl} size={44} eager={eagerPhoto} />
        <div css={{ minWidth: 0 }}>
          <h3 css={{ fontSize: theme.font.size.body, margin: 0, ...clampLines(1) }}>
            <Link
              to={listing.path}
              onClick={onOpen}
              css={cardLinkStyles(theme, '-3px')}
            >
              {listing.teacher.name}
            </Link>
          </h3>
          <p css={{ ...small, color: theme.colors.textMuted, ...clampLines(1) }}>{listing.category.name}</p>
        </div>
      </div>
      <p css={{ ...small, ...clampLines(2) }}>{listing.title}</p>
      <p css={{ ...small, display: 'flex', gap: theme.space(2), whiteSpace: 'nowrap' }}>
        <strong>From {formatPaise(listing.priceFromPaise)}</strong>
        <RatingText rating={listing.teacher.rating} />
      </p>
      <p css={{ ...small, color: theme.colors.textMuted, ...clampLines(1) }}>
        {listingDistanceLabel(listing.distanceMetres)} · {place}
      </p>
    </article>
  );
}
