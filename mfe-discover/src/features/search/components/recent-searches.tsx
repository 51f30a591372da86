import { useTheme } from '@emotion/react';

import { recentSearchesStore, useRecentSearches } from '../utils/recent-searches-store';
import { searchChip } from './search-chip';

/** The last searches on this device, to run again with one tap, and a way to forget them. */
export function RecentSearches({ onPick }: { onPick: (text: string) => void }) {
  const theme = useTheme();
  const searches = useRecentSearches((state) => state.searches);
  if (searches.length === 0) return null;
  return (
    <section aria-labelledby="recent-searches" css={{ marginTop: theme.space(5) }}>
      <div css={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' }}>
        <h2 id="recent-searches" css={{ fontSize: theme.font.size.large, margin: 0 }}>
          Recent searches
        </h2>
        <button
          type="button"
          onClick={() => recentSearchesStore.getState().clear()}
          css={{ background: 'none', border: 0, color: theme.colors.brand, cursor: 'pointer', minHeight: '44px', textDecoration: 'underline' }}
        >
          Clear recent searches
        </button>
      </div>
      <ul aria-labelledby="recent-searches" css={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: theme.space(2) }}>
        {searches.map((text) => (
          <li key={text}>
            <button
              type="button"
              onClick={() => onPick(text)}
              css={searchChip(theme)}
            >
              {text}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
