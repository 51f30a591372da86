import { SkeletonBlock } from '@kalike/shared/ui/skeleton';

import { homeLayout, rowHeight } from './home-layout';

/** Three placeholder tiles in a row exactly as tall as the loaded row, so nothing below moves. */
export function RowSkeleton({ tileHeight, label }: { tileHeight: string; label: string }) {
  return (
    <div
      role="status"
      aria-label={label}
      css={{ height: rowHeight(tileHeight), boxSizing: 'border-box', display: 'flex', gap: homeLayout.gap, overflow: 'hidden' }}
    >
      {[0, 1, 2].map((index) => (
        <SkeletonBlock key={index} height={tileHeight} css={{ flex: `0 0 ${homeLayout.tileWidth}` }} />
      ))}
    </div>
  );
}
