import { maxRememberedLists, maxRestoredPages, pagesCountStore, parseCounts } from './pages-count-store';

describe('pagesCount store', () => {
  beforeEach(() => pagesCountStore.setState({ counts: {} }));

  it('reads only whole page counts from session storage', () => {
    expect(parseCounts({ a: 2, b: 0, c: 2.5, d: '3', e: 99, f: maxRestoredPages })).toEqual({ a: 2, f: maxRestoredPages });
    expect(parseCounts(['a'])).toEqual({});
    expect(parseCounts(null)).toEqual({});
  });

  it('caps how many pages come back and how many lists are remembered', () => {
    const { remember } = pagesCountStore.getState();
    remember('long list', 40);
    expect(pagesCountStore.getState().counts['long list']).toBe(maxRestoredPages);
    for (let index = 0; index < maxRememberedLists + 5; index += 1) remember(`list ${index}`, 2);
    const { counts } = pagesCountStore.getState();
    expect(Object.keys(counts)).toHaveLength(maxRememberedLists);
    expect(counts['list 0']).toBeUndefined();
    expect(counts[`list ${maxRememberedLists + 4}`]).toBe(2);
  });
});
