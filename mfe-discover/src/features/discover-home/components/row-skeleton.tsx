import { css } from '@emotion/react';
import { SkeletonBlock } from '@kalike/shared/ui/skeleton';
import { stylesByValue } from '@kalike/shared/ui/styles-by-value';

import { homeLayout, rowHeight } from './home-layout';

const rowStyles = stylesByValue((tileHeight: string) => ({
  height: rowHeight(tileHeight),
  boxSizing: 'border-box',
  display: 'flex',
  gap: homeLayout.gap,
  overflow: 'hidden',
}));
const skeletonBlockStyles = css({ flex: `0 0 ${homeLayout.tileWidth}` });

/** Three placeholder tiles in a row exactly as tall as the loaded row, so nothing below moves. */
export function RowSkeleton({ tileHeight, label }: { tileHeight: string; label: string }) {
  return (
    <div role="status" aria-label={label} css={rowStyles(tileHeight)}>
      {[0, 1, 2].map((index) => (
        <SkeletonBlock key={index} height={tileHeight} css={skeletonBlockStyles} />
      ))}
    </div>
  );
}
