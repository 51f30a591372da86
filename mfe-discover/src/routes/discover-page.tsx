import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import { PageColumn } from '@kalike/shared/ui/page-column';
import * as paths from '@kalike/shared/routing/paths';
import { theme } from '@kalike/shared/ui/theme';

import { DiscoverHome } from '../features/discover-home/components/discover-home';
import { NearLocation } from '../features/listings/components/near-location';

const sectionStyles = css({ padding: `${theme.space(5)} 0 0` });
const titleStyles = css({ fontSize: theme.font.size.title, margin: 0, lineHeight: 1.25 });
const locationStyles = css({ color: theme.colors.textMuted, margin: `${theme.space(2)} 0 ${theme.space(1)}` });
const linkStyles = css({
  display: 'flex',
  alignItems: 'center',
  gap: theme.space(2),
  minHeight: '48px',
  padding: `0 ${theme.space(4)}`,
  marginTop: theme.space(3),
  border: `1px solid ${theme.colors.border}`,
  borderRadius: theme.radius.pill,
  background: theme.colors.surface,
  color: theme.colors.textMuted,
  textDecoration: 'none',
  '&:focus-visible': { outline: `3px solid ${theme.colors.accent}` },
});
const demoCalloutStyles = css({
  marginTop: theme.space(8),
  padding: theme.space(4),
  borderRadius: theme.radius.medium,
  background: theme.colors.surface,
  border: `1px solid ${theme.colors.border}`,
});
const headingStyles = css({ fontSize: theme.font.size.large, margin: `0 0 ${theme.space(1)}` });
const demoCalloutTextStyles = css({ margin: `0 0 ${theme.space(2)}`, color: theme.colors.textMuted });

/**
 * `/` and `/discover`. Measured on cheap phones, so: one request for every section, text
 * before pictures, fixed-height skeletons, and nothing heavy imported here.
 */
export default function DiscoverPage() {
  return (
    <PageColumn>
      <section css={sectionStyles}>
        <h1 css={titleStyles}>Discover and connect with top teachers near you.</h1>
        <p css={locationStyles}>Music, dance, art, chess, abacus, coding, languages and school tuition across Bengaluru.</p>
        <NearLocation />
        <Link to={paths.search()} css={linkStyles}>
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5">
            <circle cx="10.5" cy="10.5" r="6.5" />
            <path d="M15.5 15.5L21 21" strokeLinecap="round" />
          </svg>
          Search teachers, subjects or areas
        </Link>
      </section>

      <DiscoverHome />

      <section aria-labelledby="try-before-you-pay" css={demoCalloutStyles}>
        <h2 id="try-before-you-pay" css={headingStyles}>
          Try a class before you pay
        </h2>
        <p css={demoCalloutTextStyles}>Demo classes near you in the next 7 days.</p>
        <Link to={paths.meet()}>See demo classes</Link>
      </section>
    </PageColumn>
  );
}
