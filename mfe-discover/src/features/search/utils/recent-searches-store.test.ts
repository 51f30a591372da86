import { maxRecentSearches, parseRecentSearches, recentSearchesStore } from './recent-searches-store';

describe('recent searches', () => {
  beforeEach(() => recentSearchesStore.getState().clear());

  it('keeps only usable texts from storage', () => {
    expect(parseRecentSearches(['guitar', 42, '', '  chess   club ', 'Guitar', null, 'x'.repeat(300)])).toEqual(['guitar', 'chess club', 'x'.repeat(100)]);
    expect(parseRecentSearches({ searches: ['a'] })).toEqual([]);
    expect(parseRecentSearches('guitar')).toEqual([]);
  });

  it('puts the newest first, once, and keeps the last eight', () => {
    const { add } = recentSearchesStore.getState();
    for (let index = 1; index <= 10; index += 1) add(`search ${index}`);
    add('SEARCH 9');
    const { searches } = recentSearchesStore.getState();
    expect(searches).toHaveLength(maxRecentSearches);
    expect(searches[0]).toBe('SEARCH 9');
    expect(searches.filter((text) => text.toLowerCase() === 'search 9')).toHaveLength(1);
    expect(searches).not.toContain('search 1');
  });
});
