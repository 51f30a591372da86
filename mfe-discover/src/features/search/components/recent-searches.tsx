import { css } from '@emotion/react';
import { theme, colors, space, font } from '@kalike/shared/ui/theme';

import { recentSearchesStore, useRecentSearches } from '../utils/recent-searches-store';
import { searchChip } from './search-chip';

const sectionStyles = css({ marginTop: space(5) });
const headerStyles = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' });
const headingStyles = css({ fontSize: font.size.large, margin: 0 });
const buttonStyles = css({ background: 'none', border: 0, color: colors.brand, cursor: 'pointer', minHeight: '44px', textDecoration: 'underline' });
const listStyles = css({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: space(2) });
const searchChipStyles = css(searchChip(theme));

/** The last searches on this device, to run again with one tap, and a way to forget them. */
export function RecentSearches({ onPick }: { onPick: (text: string) => void }) {
  const searches = useRecentSearches((state) => state.searches);
  if (searches.length === 0) return null;
  return (
    <section aria-labelledby="recent-searches" css={sectionStyles}>
      <div css={headerStyles}>
        <h2 id="recent-searches" css={headingStyles}>
          Recent searches
        </h2>
        <button type="button" onClick={() => recentSearchesStore.getState().clear()} css={buttonStyles}>
          Clear recent searches
        </button>
      </div>
      <ul aria-labelledby="recent-searches" css={listStyles}>
        {searches.map((text) => (
          <li key={text}>
            <button type="button" onClick={() => onPick(text)} css={searchChipStyles}>
              {text}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
