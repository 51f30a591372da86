import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { SkeletonBlock } from '@kalike/shared/ui/skeleton';
import { mutedText, sectionHeading } from '@kalike/shared/ui/text-styles';
import { space } from '@kalike/shared/ui/theme';

const processingStyle = css({ display: 'grid', gap: space(3), textAlign: 'center', padding: space(4) });

/** A payment on its way to being booked: say so, and that leaving the page loses nothing. */
export function ProcessingState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section role="status" aria-live="polite" aria-label={title} css={processingStyle}>
      <h2 css={sectionHeading}>{title}</h2>
      <p css={mutedText}>{children ?? 'This takes a few seconds. Please do not pay again: your payment is safe even if you close this page.'}</p>
      <SkeletonBlock height="0.5rem" />
    </section>
  );
}
