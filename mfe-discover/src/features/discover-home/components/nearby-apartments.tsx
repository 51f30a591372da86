import { Link } from 'react-router-dom';
import { useTheme } from '@emotion/react';
import type { ApartmentSummary } from '@kalike/shared/contracts/teacher-listings';
import { paths } from '@kalike/shared/routing/paths';
import { formatDistance } from '@kalike/shared/format/distance';

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

/** Apartment communities near the learner where teachers run classes on the premises. */
export function NearbyApartments({ apartments, labelledBy, onOpen }: NearbyApartmentsProps) {
  const theme = useTheme();
  const box = { height: rowHeight(homeLayout.apartmentTileHeight), boxSizing: 'border-box' } as const;
  if (apartments === undefined) {
    return <RowSkeleton tileHeight={homeLayout.apartmentTileHeight} label="Loading apartments" />;
  }
  if (apartments.length === 0) {
    return (
      <p css={{ ...box, margin: 0, paddingBottom: homeLayout.rowScrollbarRoom, color: theme.colors.textMuted }}>
        No apartment classes near you yet. <Link to={paths.teachers()}>Find your apartment</Link> to see what is on.
      </p>
    );
  }
  return (
    <ul
      aria-labelledby={labelledBy}
      css={{
        ...box,
        ...scrollingRowStyles,
      }}
    >
      {apartments.map((apartment, index) => (
        <li key={apartment.id} css={{ flex: 'none' }}>
          <Link
            to={paths.teachers({ apartment: apartment.slug })}
            onClick={() => onOpen(apartment, index + 1)}
            css={{
              boxSizing: 'border-box',
              width: homeLayout.tileWidth,
              height: homeLayout.apartmentTileHeight,
              display: 'grid',
              alignContent: 'center',
              gap: theme.space(1),
              padding: theme.space(3),
              overflow: 'hidden',
              background: theme.colors.surface,
              border: `1px solid ${theme.colors.border}`,
              borderRadius: theme.radius.medium,
              color: theme.colors.text,
              textDecoration: 'none',
              '&:focus-visible': { outline: `3px solid ${theme.colors.accent}` },
            }}
          >
            <strong css={clampLines(1)}>{apartment.name}</strong>
            <span css={{ fontSize: theme.font.size.small, color: theme.colors.textMuted, ...clampLines(1) }}>
              {apartment.locality.name}
              {apartment.distanceMetres !== undefined ? ` · ${formatDistance(apartment.distanceMetres)}` : ''}
            </span>
            <span css={{ fontSize: theme.font.size.small, color: theme.colors.brand, fontWeight: 600 }}>
              {classCountLabel(apartment.activeListingCount)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
