import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import type { ApartmentSummary } from '@kalike/shared/contracts/teacher-listings';
import * as paths from '@kalike/shared/routing/paths';
import { formatDistance } from '@kalike/shared/format/distance';
import { colors, space, radius, font } from '@kalike/shared/ui/theme';

import { homeLayout, rowHeight, scrollingRowStyles } from './home-layout';
import { RowSkeleton } from './row-skeleton';
import { clampLines } from './home-section';

interface NearbyApartmentsProps {
  apartments: readonly ApartmentSummary[] | undefined;
  labelledBy: string;
  onOpen: (apartment: ApartmentSummary, position: number) => void;
}

export function classCountLabel(count: number): string {
  return count === 1 ? '1 class' : `${count.toLocaleString('en-IN')} classes`;
}

const itemStyles = css({ flex: 'none' });
const linkStyles = css({
  boxSizing: 'border-box',
  width: homeLayout.tileWidth,
  height: homeLayout.apartmentTileHeight,
  display: 'grid',
  alignContent: 'center',
  gap: space(1),
  padding: space(3),
  overflow: 'hidden',
  background: colors.surface,
  border: `1px solid ${colors.border}`,
  borderRadius: radius.medium,
  color: colors.text,
  textDecoration: 'none',
  '&:focus-visible': { outline: `3px solid ${colors.accent}` },
});
const apartmentNameStyles = css({ overflowWrap: 'anywhere', ...clampLines(2) });
const placeStyles = css({ fontSize: font.size.small, color: colors.textMuted, ...clampLines(1) });
const classCountStyles = css({ fontSize: font.size.small, color: colors.brand, fontWeight: 600 });
const emptyStyles = css({
  height: rowHeight(homeLayout.apartmentTileHeight),
  boxSizing: 'border-box',
  margin: 0,
  paddingBottom: homeLayout.rowScrollbarRoom,
  color: colors.textMuted,
});
const listStyles = css({
  height: rowHeight(homeLayout.apartmentTileHeight),
  boxSizing: 'border-box',
  ...scrollingRowStyles,
});

/** Apartment communities near the learner where teachers run classes on the premises. */
export function NearbyApartments({ apartments, labelledBy, onOpen }: NearbyApartmentsProps) {
  if (apartments === undefined) {
    return <RowSkeleton tileHeight={homeLayout.apartmentTileHeight} label="Loading apartments" />;
  }
  if (apartments.length === 0) {
    return (
      <p css={emptyStyles}>
        No apartment classes near you yet. <Link to={paths.teachers()}>Find your apartment</Link> to see what is on.
      </p>
    );
  }
  return (
    <ul aria-labelledby={labelledBy} css={listStyles}>
      {apartments.map((apartment, index) => (
        <li key={apartment.id} css={itemStyles}>
          <Link to={paths.teachers({ apartment: apartment.slug })} onClick={() => onOpen(apartment, index + 1)} css={linkStyles}>
            <strong css={apartmentNameStyles}>{apartment.name}</strong>
            <span css={placeStyles}>
              {apartment.locality.name}
              {apartment.distanceMetres !== undefined ? ` · ${formatDistance(apartment.distanceMetres)}` : ''}
            </span>
            <span css={classCountStyles}>{classCountLabel(apartment.activeListingCount)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
