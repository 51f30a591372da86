import { css } from '@emotion/react';
import { SkeletonList } from '@kalike/shared/ui/skeleton';

const loadingStyle = css({ paddingTop: '1rem' });

/** Grey blocks about the size of what is coming, so the page does not jump when it lands. */
export function PageLoading({ label, rows = 3, rowHeight = '4.5rem' }: { label: string; rows?: number; rowHeight?: string }) {
  return (
    <div css={loadingStyle}>
      <SkeletonList rows={rows} rowHeight={rowHeight} label={label} />
    </div>
  );
}
