import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { css } from '@emotion/react';
import type { QueryKey } from '@tanstack/react-query';
import type { ListingCard as ListingCardData } from '@kalike/shared/contracts/teacher-listings';
import { getMapboxToken } from '@kalike/shared/config/map-settings';
import { Button } from '@kalike/shared/ui/button';
import { SkeletonBlock } from '@kalike/shared/ui/skeleton';

import { ListingFiltersForm } from '../../features/listings/components/listing-filters-form';
import { ListingResults, type ListingPagesQuery } from '../../features/listings/components/listing-results';
import { parseResultsView, ViewToggle, type ResultsView } from '../../features/listings/components/view-toggle';
import { useBaseLocation } from '@kalike/shared/location/location-store';
import { space } from '@kalike/shared/ui/theme';
import { useRestoredPages } from '../../features/listings/hooks/use-restored-pages';
import { flattenListings } from '../../features/listings/utils/flatten-listings';
import type { ListingFilters } from '../../utils/listing-filters';
import { ShortlistableListingCard } from '../../features/shortlist/components/shortlistable-listing-card';

// mapbox-gl and the map component load only when someone opens the map.
const ListingsMap = lazy(() => import(/* webpackChunkName: "listings-map" */ '../../features/map/components/listings-map'));

interface ListingBrowserProps {
  list: ListingPagesQuery;
  /** The list's query key: its pagesCount is remembered under it (spec §3). */
  queryKey: QueryKey;
  label: string;
  filters: ListingFilters;
  onFiltersChange: (filters: ListingFilters) => void;
  empty: ReactNode;
  errorTitle: string;
  /** The section these results are, for analytics (spec §9). */
  refSection: string;
  onListingOpen?: (listing: ListingCardData) => void;
  /** Shown between the controls and the results once they are in, e.g. "Did you mean". */
  aboveResults?: ReactNode;
}

const toggleRowStyles = css({ display: 'flex', justifyContent: 'center', marginTop: space(3) });

/**
 * Filters, sort, the list/map switch and the results, as the category page, search and
 * "all teachers" show them. Cards get the shortlist toggle here, where the features meet.
 */
export function ListingBrowser({
  list,
  queryKey,
  label,
  filters,
  onFiltersChange,
  empty,
  errorTitle,
  refSection,
  onListingOpen,
  aboveResults,
}: ListingBrowserProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { coords } = useBaseLocation();
  const token = getMapboxToken();
  // Without a map token no map can be drawn: no switch offers one, and an old ?view=map
  // link shows the list.
  const view = token === null ? 'list' : parseResultsView(searchParams.get('view'));
  useRestoredPages(queryKey, list);
  // One array per answer, so the map re-places its markers only when the results change.
  const loadedListings = useMemo(() => (list.data ? flattenListings(list.data.pages) : []), [list.data]);

  const setView = (next: ResultsView) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'map') params.set('view', 'map');
        else params.delete('view');
        return params;
      },
      { replace: true },
    );

  const renderCard = (listing: ListingCardData, index = 0) => (
    <ShortlistableListingCard listing={listing} index={index} refSection={refSection} onOpen={onListingOpen} />
  );

  const results = <ListingResults list={list} label={label} renderListing={renderCard} empty={empty} errorTitle={errorTitle} />;

  return (
    <>
      <ListingFiltersForm filters={filters} onChange={onFiltersChange}>
        {token !== null && <ViewToggle view={view} onChange={setView} />}
      </ListingFiltersForm>
      {/* Where the skeletons stood, so its arrival pushes nothing already on screen. */}
      {list.data && aboveResults}
      {view === 'list' || token === null ? (
        results
      ) : list.isSuccess ? (
        <>
          <Suspense fallback={<SkeletonBlock height="420px" role="status" aria-label="Loading the map" />}>
            <ListingsMap token={token} listings={loadedListings} center={coords} renderSelected={(listing) => renderCard(listing)} fallback={results} />
          </Suspense>
          {list.hasNextPage && (
            <div css={toggleRowStyles}>
              <Button type="button" variant="secondary" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {list.isFetchingNextPage ? 'Loading more teachers…' : 'Show more teachers on the map'}
              </Button>
            </div>
          )}
        </>
      ) : (
        results
      )}
    </>
  );
}
