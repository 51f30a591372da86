/**
 * The listings of every loaded page, in order, each once. A cursor page can repeat a
 * listing when the catalogue changes between two requests (a teacher's rating moves them
 * under a "top rated" sort); the list must still show each teacher once.
 */
export function flattenListings<T extends { id: string }>(pages: ReadonlyArray<{ listings: readonly T[] }>): T[] {
  const seen = new Set<string>();
  const listings: T[] = [];
  for (const page of pages) {
    for (const listing of page.listings) {
      if (seen.has(listing.id)) continue;
      seen.add(listing.id);
      listings.push(listing);
    }
  }
  return listings;
}
