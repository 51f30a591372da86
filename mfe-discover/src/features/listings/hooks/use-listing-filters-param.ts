import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

import { parseListingFilters, withFilters, type ListingFilters } from '../../../utils/listing-filters';

/**
 * The list's filters live in the URL, so a filtered list can be shared, bookmarked and
 * reached again with Back. Changing them replaces the history entry: the Back button
 * leaves the list instead of stepping through every tick of a checkbox.
 */
export function useListingFiltersParam(): [ListingFilters, (filters: ListingFilters) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const text = searchParams.toString();
  const filters = useMemo(() => parseListingFilters(new URLSearchParams(text)), [text]);
  const setFilters = useCallback((next: ListingFilters) => setSearchParams((current) => withFilters(current, next), { replace: true }), [setSearchParams]);
  return [filters, setFilters];
}
