import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTheme } from '@emotion/react';
import { VisuallyHidden } from '@kalike/shared/ui/visually-hidden';

interface HomeSectionProps {
  title: string;
  /** A link to everything this section samples: a short visible label, and what it leads to for screen readers. */
  more?: { to: string; label: string; hiddenLabel?: string };
  children: (headingId: string) => ReactNode;
}

/** A titled section of the home page; its heading names the list inside it. */
export function HomeSection({ title, more, children }: HomeSectionProps) {
  const theme = useTheme();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} css={{ marginTop: theme.space(6) }}>
      <div css={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: theme.space(3), marginBottom: theme.space(3) }}>
        <h2 id={headingId} css={{ fontSize: theme.font.size.large, margin: 0, lineHeight: 1.3 }}>
          {title}
        </h2>
        {more && (
          <Link to={more.to} css={{ fontSize: theme.font.size.small, whiteSpace: 'nowrap', '&:focus-visible': { outline: `3px solid ${theme.colors.accent}` } }}>
            {more.label}
            {more.hiddenLabel && <VisuallyHidden> {more.hiddenLabel}</VisuallyHidden>}
          </Link>
        )}
      </div>
      {children(headingId)}
    </section>
  );
}

/** Two lines at most; the box height is fixed, so longer text must not grow it. */
export const clampLines = (lines: number) =>
  ({ display: '-webkit-box', WebkitLineClamp: lines, WebkitBoxOrient: 'vertical', overflow: 'hidden' }) as const;
