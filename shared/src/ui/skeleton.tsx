import { css, keyframes } from '@emotion/react';
import styled from '@emotion/styled';

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.45 } });

/** A grey block of fixed size, so content arriving later does not shift the page. */
export const SkeletonBlock = styled.div<{ height: string }>(({ theme, height }) => ({
  height,
  borderRadius: theme.radius.medium,
  background: theme.colors.border,
  animation: `${pulse} 1.4s ease-in-out infinite`,
}));

const skeletonListStyle = css({ display: 'grid', gap: '0.75rem' });

export function SkeletonList({ rows, rowHeight, label }: { rows: number; rowHeight: string; label: string }) {
  return (
    <div role="status" aria-live="polite" aria-label={label} css={skeletonListStyle}>
      {Array.from({ length: rows }, (_, index) => (
        <SkeletonBlock key={index} height={rowHeight} />
      ))}
    </div>
  );
}
