import { flattenListings } from './flatten-listings';

describe('flattenListings', () => {
  it('keeps page order and shows a listing repeated on a later page once', () => {
    const pages = [{ listings: [{ id: 'a' }, { id: 'b' }] }, { listings: [{ id: 'b' }, { id: 'c' }] }];
    expect(flattenListings(pages).map((listing) => listing.id)).toEqual(['a', 'b', 'c']);
  });
});
