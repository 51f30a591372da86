import type { ListingPageRepository } from './listing-page.repository';
import type { ListingPageService } from './listing-page.service';
import type { SearchWordsRepository } from './search-words.repository';

export type { ListingPageRepository, ListingPageService, SearchWordsRepository };

/**
 * What other modules may rely on from teacher-listings, built once by its plugin and offered as
 * `app.teacherListings`: the marketplace's listing pages and search words (discover and
 * apartments list the same cards).
 */
export interface TeacherListingsPort {
  listings: ListingPageService;
  pages: ListingPageRepository;
  words: SearchWordsRepository;
}
