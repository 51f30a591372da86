import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import type { ListingCard } from '@kalike/shared/contracts/teacher-listings';
import { colors, space, radius } from '@kalike/shared/ui/theme';

import { homeLayout, rowHeight, scrollingRowStyles } from './home-layout';
import { RowSkeleton } from './row-skeleton';
import { TeacherTile } from './teacher-tile';

interface TeacherRowProps {
  /** Undefined while the home answer is on its way. */
  listings: readonly ListingCard[] | undefined;
  labelledBy: string;
  onOpen: (listing: ListingCard, position: number) => void;
  empty: ReactNode;
  /** How many photos are above the fold and load at once (only the first row's first few). */
  eagerPhotos?: number;
}

const rowStyles = css({ height: rowHeight(homeLayout.tileHeight), boxSizing: 'border-box' });
const emptyRowStyles = css({ paddingBottom: homeLayout.rowScrollbarRoom });
const emptyMessageStyles = css({
  height: '100%',
  display: 'grid',
  placeItems: 'center',
  textAlign: 'center',
  padding: space(4),
  border: `1px dashed ${colors.border}`,
  borderRadius: radius.medium,
  color: colors.textMuted,
});
const scrollingTilesStyles = css({ ...scrollingRowStyles, scrollSnapType: 'x proximity' });
const itemStyles = css({ flex: 'none', scrollSnapAlign: 'start' });

/** A sideways-scrolling row of teacher tiles; loading, empty and full, it is the same height. */
export function TeacherRow({ listings, labelledBy, onOpen, empty, eagerPhotos = 0 }: TeacherRowProps) {
  if (listings === undefined) {
    return <RowSkeleton tileHeight={homeLayout.tileHeight} label="Loading teachers" />;
  }
  if (listings.length === 0) {
    return (
      <div css={[rowStyles, emptyRowStyles]}>
        <div css={emptyMessageStyles}>{empty}</div>
      </div>
    );
  }
  return (
    <ul aria-labelledby={labelledBy} css={[rowStyles, scrollingTilesStyles]}>
      {listings.map((listing, index) => (
        <li key={listing.id} css={itemStyles}>
          <TeacherTile listing={listing} onOpen={() => onOpen(listing, index + 1)} eagerPhoto={index < eagerPhotos} />
        </li>
      ))}
    </ul>
  );
}
