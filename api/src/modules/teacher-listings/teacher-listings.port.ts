/**
 * What other modules may rely on from teacher-listings: the marketplace's listing pages and
 * search words (discover and apartments list the same cards), and the distance measure.
 */
export { createListingPageRepository, type ListingPageRepository } from './listing-page.repository';
export { createListingPageService, type ListingPageService } from './listing-page.service';
export { createSearchWordsRepository, type SearchWordsRepository } from './search-words.repository';
export { metresOfChord } from './listing-sql';
