import { useTheme } from '@emotion/react';
import type { ReactNode } from 'react';
import { SkeletonBlock } from '@kalike/shared/ui/skeleton';

/** A payment on its way to being booked: say so, and that leaving the page loses nothing. */
export function ProcessingState({ title, children }: { title: string; children?: ReactNode }) {
  const theme = useTheme();
  return (
    <section role="status" aria-live="polite" aria-label={title} css={{ display: 'grid', gap: theme.space(3), textAlign: 'center', padding: theme.space(4) }}>
      <h2 css={{ margin: 0, fontSize: theme.font.size.large }}>{title}</h2>
      <p css={{ margin: 0, color: theme.colors.textMuted }}>
        {children ?? 'This takes a few seconds. Please do not pay again: your payment is safe even if you close this page.'}
      </p>
      <SkeletonBlock height="0.5rem" />
    </section>
  );
}
