import { activeFilterCount, emptyFilters, filterParams, parseListingFilters, withFilters } from './listing-filters';

const parse = (query: string) => parseListingFilters(new URLSearchParams(query));

describe('parseListingFilters', () => {
  it('reads every filter the URL carries', () => {
    expect(parse('mode=online,at_home&minPricePaise=100000&maxPricePaise=500000&days=6,7&times=evening&age=9&badges=verified&radiusKm=10&sort=rating')).toEqual(
      {
        modes: ['at_home', 'online'],
        minPricePaise: 100_000,
        maxPricePaise: 500_000,
        days: [6, 7],
        times: ['evening'],
        age: 9,
        badges: ['verified'],
        radiusKm: 10,
        sort: 'rating',
      },
    );
  });

  it('ignores values that are malformed, unknown or out of range, and keeps the good ones', () => {
    expect(parse('mode=teleport,online&days=0,3,9,3&times=midnight&age=150&badges=famous&radiusKm=500&sort=random&minPricePaise=-5')).toEqual({
      ...emptyFilters,
      modes: ['online'],
      days: [3],
    });
    expect(parse('age=9.5&maxPricePaise=abc')).toEqual(emptyFilters);
  });

  it('drops a price range that ends before it starts', () => {
    expect(parse('minPricePaise=500000&maxPricePaise=100000')).toEqual(emptyFilters);
  });
});

describe('filterParams and withFilters', () => {
  it('round-trips through the URL and leaves defaults out', () => {
    const filters = parse('days=7,6&mode=online&sort=price_low');
    expect(filterParams(filters)).toMatchObject({ days: '6,7', mode: 'online', sort: 'price_low', age: undefined });
    expect(parseListingFilters(withFilters(new URLSearchParams(), filters))).toEqual(filters);
    expect(filterParams(emptyFilters).sort).toBeUndefined();
  });

  it('keeps parameters that are not filters', () => {
    const next = withFilters(new URLSearchParams('q=guitar&view=map&mode=online'), { ...emptyFilters, age: 7 });
    expect(next.toString()).toBe('q=guitar&view=map&age=7');
  });

  it('counts the filters that narrow the list, not the sort', () => {
    expect(activeFilterCount(parse('sort=rating'))).toBe(0);
    expect(activeFilterCount(parse('mode=online&minPricePaise=100&maxPricePaise=200&age=5'))).toBe(3);
  });
});
