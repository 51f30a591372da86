import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@kalike/shared/api/client';
import type { SearchSuggestions } from '@kalike/shared/contracts/teacher-listings';

import { listingKeys } from '../../../api/listing-keys';

/** The contract's limit on suggestion text; longer text is a search, not a prefix. */
export const suggestionTextMaxLength = 60;

export function getSearchSuggestions(text: string, signal?: AbortSignal): Promise<SearchSuggestions> {
  return apiGet<SearchSuggestions>('v1/marketplace/search-suggestions', { searchParams: { q: text }, signal });
}

export const searchSuggestionsQueryOptions = (text: string) =>
  queryOptions({
    queryKey: listingKeys.learner.searchSuggestions(text),
    queryFn: ({ signal }) => getSearchSuggestions(text, signal),
    staleTime: 5 * 60_000,
    // The last letter's suggestions stay until the next arrive, so the list never blinks.
    placeholderData: keepPreviousData,
  });

/** Suggestions for what is typed, from the first letter; nothing for empty or overlong text. */
export function useSearchSuggestions(text: string) {
  const lower = text.toLocaleLowerCase('en-IN');
  const enabled = lower !== '' && lower.length <= suggestionTextMaxLength;
  return useQuery({ ...searchSuggestionsQueryOptions(lower), enabled });
}
