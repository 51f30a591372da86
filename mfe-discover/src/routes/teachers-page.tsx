import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { css } from '@emotion/react';
import * as paths from '@kalike/shared/routing/paths';
import { Button } from '@kalike/shared/ui/button';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';

import { ApartmentClasses } from '../features/apartments/components/apartment-classes';
import { ApartmentFinder } from '../features/apartments/components/apartment-finder';
import { NearLocation } from '../features/listings/components/near-location';
import { useLearnerPoint } from '@kalike/shared/location/learner-point';
import { space } from '@kalike/shared/ui/theme';
import { useListingFiltersParam } from '../features/listings/hooks/use-listing-filters-param';
import { activeFilterCount, emptyFilters } from '../utils/listing-filters';
import { isSlug } from '../utils/teacher-path';
import { searchListingsQueryOptions, useSearchListings } from '../features/search/api/get-search-listings';
import { ListingBrowser } from './page-sections/listing-browser';
import { ShortlistableListingCard } from '../features/shortlist/components/shortlistable-listing-card';

const everything = { q: '' };

const sectionStyles = css({ margin: `${space(3)} 0` });
const finderStyles = css({ marginTop: space(3) });

function AllTeachers() {
  const finderId = useId();
  const point = useLearnerPoint();
  const [filters, setFilters] = useListingFiltersParam();
  const [finderOpen, setFinderOpen] = useState(false);
  const options = searchListingsQueryOptions(everything, filters, point);
  const list = useSearchListings(everything, filters, point);
  const filtered = activeFilterCount(filters) > 0;

  return (
    <>
      <DocumentTitle>Teachers near you</DocumentTitle>
      <PageTitle>Teachers near you</PageTitle>
      <NearLocation />
      <section aria-label="Classes in your apartment" css={sectionStyles}>
        <Button type="button" variant="secondary" aria-expanded={finderOpen} aria-controls={finderId} onClick={() => setFinderOpen(!finderOpen)}>
          Classes in your apartment
        </Button>
        {/* Mounted only when opened, so the page's first paint waits for one request. */}
        <div id={finderId} css={finderStyles}>
          {finderOpen && <ApartmentFinder point={point} />}
        </div>
      </section>
      <ListingBrowser
        list={list}
        queryKey={options.queryKey}
        label="Teachers near you"
        filters={filters}
        onFiltersChange={setFilters}
        errorTitle="Teachers could not be loaded"
        refSection="All Teachers"
        empty={
          <StatusMessage title={filtered ? 'No teachers match these filters near you' : 'No teachers near you yet'}>
            <p>
              {filtered ? 'Try fewer filters, or ' : 'Teachers are joining every week. '}
              <Link to={paths.enquiry({ refPage: paths.teachers(), refSection: 'ask_general' })}>request a class</Link>.
            </p>
            {filtered && (
              <Button type="button" variant="secondary" onClick={() => setFilters({ ...emptyFilters, sort: filters.sort })}>
                Clear all filters
              </Button>
            )}
          </StatusMessage>
        }
      />
    </>
  );
}

/**
 * `/teachers`: every listing near the learner (search with no text), with the same filters
 * as a category; `?apartment=<slug>` shows one apartment community's classes instead.
 */
export default function TeachersPage() {
  const [searchParams] = useSearchParams();
  const point = useLearnerPoint();
  const apartment = searchParams.get('apartment') ?? undefined;
  return (
    <PageColumn>
      {apartment === undefined ? (
        <AllTeachers />
      ) : isSlug(apartment) ? (
        <ApartmentClasses
          slug={apartment}
          point={point}
          renderListing={(listing, index) => <ShortlistableListingCard listing={listing} index={index} refSection="Apartment Classes" />}
        />
      ) : (
        <StatusMessage title="We could not find this apartment">
          <p>
            <Link to={paths.teachers()}>Find your apartment</Link> or browse every teacher near you.
          </p>
        </StatusMessage>
      )}
    </PageColumn>
  );
}
