import { useEffect, useEffectEvent, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { css } from '@emotion/react';
import * as paths from '@kalike/shared/routing/paths';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';

import { NearLocation } from '../features/listings/components/near-location';
import { useLearnerPoint } from '@kalike/shared/location/learner-point';
import { colors, space } from '@kalike/shared/ui/theme';
import { useListingFiltersParam } from '../features/listings/hooks/use-listing-filters-param';
import { isSlug } from '../utils/teacher-path';
import { searchListingsQueryOptions, useSearchListings } from '../features/search/api/get-search-listings';
import { DidYouMean } from '../features/search/components/did-you-mean';
import { RecentSearches } from '../features/search/components/recent-searches';
import { arrivedToType, SearchBox, textTypedBeforeThePageRan } from '../features/search/components/search-box';
import { SearchSuggestions } from '../features/search/components/search-suggestions';
import { useDebouncedCallback } from '../hooks/use-debounced-callback';
import { recentSearchesStore } from '../features/search/utils/recent-searches-store';
import { normaliseSearchText } from '../features/search/utils/search-text';
import { ListingBrowser } from './page-sections/listing-browser';

/** Long enough to skip the keys of one word, short enough to feel instant. */
export const searchDebounceMs = 300;

/**
 * Fewer letters than this are the start of a word: suggestions answer them, where a list of
 * results would flash "No teachers found" at every key.
 */
export const minSearchLength = 3;

/** The class request offered when a search finds nothing (spec §9 "Ask {product}"). */
const requestClassHref = paths.enquiry({ refPage: paths.search(), refSection: 'ask_search' });

const resultsForStyles = css({ margin: `${space(2)} 0` });
const exactSearchStyles = css({ margin: `${space(2)} 0 0` });
const startHintStyles = css({ marginTop: space(5), color: colors.textMuted });

/**
 * `/search`: results appear as the person types (the text goes into `?q=` after a short
 * pause), with the same filters as a category, recent searches, "did you mean" and a
 * class request when nothing matches. No text is ever an error.
 */
export default function SearchPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { state: arrival } = useLocation();
  const q = normaliseSearchText(searchParams.get('q') ?? '');
  const categoryParam = searchParams.get('category') ?? undefined;
  const exact = searchParams.get('exact') === '1';
  const category = isSlug(categoryParam) ? categoryParam : undefined;
  // Words typed into the server's page before its code ran are kept, and searched for as typing
  // would be; if the visitor was typing when React replaced the box, the new box has the caret.
  const [typedEarly] = useState(textTypedBeforeThePageRan);
  const [text, setText] = useState(typedEarly?.text ?? q);
  const point = useLearnerPoint();
  const [filters, setFilters] = useListingFiltersParam();

  const pushQuery = (value: string) => {
    const next = normaliseSearchText(value);
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next) params.set('q', next);
        else params.delete('q');
        // New words are read afresh; "search instead for" applies to the words it was offered for.
        if (next !== q) params.delete('exact');
        return params;
      },
      { replace: true },
    );
  };
  const typed = useDebouncedCallback(pushQuery, searchDebounceMs);
  const searchEarlyTyping = useEffectEvent(() => {
    if (normaliseSearchText(text) !== q) typed.schedule(text);
  });
  useEffect(() => searchEarlyTyping(), []);

  const longEnough = q.length >= minSearchLength;
  const searching = longEnough || category !== undefined;
  const search = { q: longEnough ? q : '', ...(category ? { category } : {}), ...(exact ? { exact: true } : {}) };
  // Between a key and the pause the results on screen are for older text: no "none found" then.
  const typing = normaliseSearchText(text) !== q;
  const options = searchListingsQueryOptions(search, filters, point);
  const list = useSearchListings(search, filters, point, { enabled: searching });
  const firstPage = list.data?.pages[0];
  const suggestions = firstPage?.suggestedCategories ?? [];
  const remember = () => {
    if (q) recentSearchesStore.getState().add(q);
  };
  const searchFor = (picked: string) => {
    setText(picked);
    typed.flush(picked);
    recentSearchesStore.getState().add(picked);
  };
  const exactParams = new URLSearchParams(searchParams);
  exactParams.set('exact', '1');
  const corrected = !exact && firstPage?.correctedQuery ? firstPage.correctedQuery : null;
  const place = firstPage?.place ?? null;
  const readAs = (
    <>
      {corrected && (
        <p role="status" css={resultsForStyles}>
          Showing results for <strong>{corrected}</strong>.{' '}
          <Link to={{ search: exactParams.toString() }} replace>
            Search instead for “{q}”
          </Link>
        </p>
      )}
      {place && (
        <p css={resultsForStyles}>
          Looking around {place.name} ({place.pincode}); distances are from there.
        </p>
      )}
    </>
  );

  const empty = typing ? null : (
    <StatusMessage title={q ? `No teachers found for “${q}” near you` : 'No teachers found near you'}>
      {readAs}
      <DidYouMean categories={suggestions} onPick={remember} />
      <p css={exactSearchStyles}>
        Tell us what you are looking for and we will find a teacher: <Link to={requestClassHref}>Request Class</Link>
      </p>
      <p css={exactSearchStyles}>
        Or <Link to={paths.teachers()}>browse all teachers near you</Link>.
      </p>
    </StatusMessage>
  );

  return (
    <PageColumn>
      <DocumentTitle>{q ? `“${q}”: search teachers` : 'Search teachers'}</DocumentTitle>
      <PageTitle>Search</PageTitle>
      <SearchBox
        value={text}
        focusOnArrival={arrivedToType(arrival) || typedEarly?.focused === true}
        onChange={(value) => {
          setText(value);
          typed.schedule(value);
        }}
        onSubmit={() => {
          typed.flush(text);
          const submitted = normaliseSearchText(text);
          if (submitted) recentSearchesStore.getState().add(submitted);
        }}
      />
      <NearLocation />
      {text.trim() !== '' && (typing || !longEnough) && <SearchSuggestions text={normaliseSearchText(text)} onPick={searchFor} />}

      {!searching ? (
        <>
          {text.trim() === '' && <RecentSearches onPick={searchFor} />}
          <p css={startHintStyles}>
            Type a subject, an area or a teacher&apos;s name. Or <Link to={paths.teachers()}>browse all teachers near you</Link>.
          </p>
        </>
      ) : list.isError && !list.data && list.error.isClientError ? (
        // The API refused this text (too odd to search for): that is "nothing found", not an error.
        empty
      ) : (
        <ListingBrowser
          list={list}
          queryKey={options.queryKey}
          label={q ? `Teachers for “${q}”` : 'Teachers'}
          filters={filters}
          onFiltersChange={setFilters}
          empty={empty}
          errorTitle="Search results could not be loaded"
          refSection="Search Results"
          // Opening a result means the search was worth keeping.
          onListingOpen={remember}
          aboveResults={
            firstPage && firstPage.listings.length > 0 ? (
              <>
                {readAs}
                <DidYouMean categories={suggestions} onPick={remember} />
              </>
            ) : null
          }
        />
      )}
    </PageColumn>
  );
}
