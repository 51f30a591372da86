import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import { VisuallyHidden } from '@kalike/shared/ui/visually-hidden';
import { colors, space, font } from '@kalike/shared/ui/theme';

interface HomeSectionProps {
  title: string;
  /** A link to everything this section samples: a short visible label, and what it leads to for screen readers. */
  more?: { to: string; label: string; hiddenLabel?: string };
  children: (headingId: string) => ReactNode;
}

const sectionStyles = css({ marginTop: space(6) });
const headerStyles = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: space(3), marginBottom: space(3) });
const headingStyles = css({ fontSize: font.size.large, margin: 0, lineHeight: 1.3 });
const linkStyles = css({ fontSize: font.size.small, whiteSpace: 'nowrap', '&:focus-visible': { outline: `3px solid ${colors.accent}` } });

/** A titled section of the home page; its heading names the list inside it. */
export function HomeSection({ title, more, children }: HomeSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} css={sectionStyles}>
      <div css={headerStyles}>
        <h2 id={headingId} css={headingStyles}>
          {title}
        </h2>
        {more && (
          <Link to={more.to} css={linkStyles}>
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
export const clampLines = (lines: number) => ({ display: '-webkit-box', WebkitLineClamp: lines, WebkitBoxOrient: 'vertical', overflow: 'hidden' }) as const;
