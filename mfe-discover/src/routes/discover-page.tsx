import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import { PageColumn } from '@kalike/shared/ui/page-column';
import * as paths from '@kalike/shared/routing/paths';
import { colors, space, radius, font } from '@kalike/shared/ui/theme';

import { DiscoverHome } from '../features/discover-home/components/discover-home';
import { NearLocation } from '../features/listings/components/near-location';
import { typeIntoSearchState } from '../features/search/components/search-box';

const sectionStyles = css({ padding: `${space(5)} 0 0` });
const titleStyles = css({ fontSize: font.size.title, margin: 0, lineHeight: 1.25 });
const locationStyles = css({ color: colors.textMuted, margin: `${space(2)} 0 ${space(1)}` });
const linkStyles = css({
  display: 'flex',
  alignItems: 'center',
  gap: space(2),
  minHeight: '48px',
  padding: `0 ${space(4)}`,
  marginTop: space(3),
  border: `1px solid ${colors.border}`,
  borderRadius: radius.pill,
  background: colors.surface,
  color: colors.textMuted,
  textDecoration: 'none',
  '&:focus-visible': { outline: `3px solid ${colors.accent}` },
});
const demoCalloutStyles = css({
  marginTop: space(8),
  padding: space(4),
  borderRadius: radius.medium,
  background: colors.surface,
  border: `1px solid ${colors.border}`,
});
const headingStyles = css({ fontSize: font.size.large, margin: `0 0 ${space(1)}` });
const demoCalloutTextStyles = css({ margin: `0 0 ${space(2)}`, color: colors.textMuted });

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
        {/* It opens the search with the caret in its box, so the phone's keyboard comes up and typing goes there. */}
        <Link to={paths.search()} state={typeIntoSearchState} css={linkStyles}>
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
