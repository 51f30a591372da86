import { Link, useLocation, useParams } from 'react-router-dom';
import { css } from '@emotion/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import * as paths from '@kalike/shared/routing/paths';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { SkeletonBlock } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { Button } from '@kalike/shared/ui/button';
import { VisuallyHidden } from '@kalike/shared/ui/visually-hidden';

import { categoryListingsQueryOptions } from '../features/listings/api/get-category-listings';
import { NearLocation } from '../features/listings/components/near-location';
import { NotFoundState } from '../features/listings/components/not-found-state';
import { useLearnerPoint } from '@kalike/shared/location/learner-point';
import { space } from '@kalike/shared/ui/theme';
import { useListingFiltersParam } from '../features/listings/hooks/use-listing-filters-param';
import { activeFilterCount, emptyFilters } from '../utils/listing-filters';
import { isSlug } from '../utils/teacher-path';
import { ListingBrowser } from './page-sections/listing-browser';

const descriptionStyles = css({ margin: `0 0 ${space(3)}` });
const skeletonBlockStyles = css({ display: 'block', maxWidth: '18rem' });

function CategoryListings({ categorySlug }: { categorySlug: string }) {
  const { pathname } = useLocation();
  const point = useLearnerPoint();
  const [filters, setFilters] = useListingFiltersParam();
  const options = categoryListingsQueryOptions(categorySlug, filters, point);
  const list = useInfiniteQuery(options);
  const category = list.data?.pages[0]?.category;

  if (list.isError && list.error.statusCode === 404) {
    return (
      <NotFoundState title="We could not find this category">
        <p>
          It may have been renamed. <Link to={paths.categories()}>See all categories</Link> or <Link to={paths.search()}>search for a teacher</Link>.
        </p>
      </NotFoundState>
    );
  }

  const filtered = activeFilterCount(filters) > 0;
  const empty = (
    <StatusMessage title={filtered ? 'No teachers match these filters near you' : 'No teachers near you yet'}>
      <p css={descriptionStyles}>
        {filtered ? 'Try fewer filters, or ' : 'Teachers are joining every week. '}
        <Link to={paths.enquiry({ refPage: pathname, refSection: `ask_${categorySlug}` })}>request a class</Link> and we will find one for you.
      </p>
      {filtered && (
        <Button type="button" variant="secondary" onClick={() => setFilters({ ...emptyFilters, sort: filters.sort })}>
          Clear all filters
        </Button>
      )}
    </StatusMessage>
  );

  return (
    <>
      {category && <DocumentTitle>{`${category.name} teachers near you in Bengaluru`}</DocumentTitle>}
      <PageTitle>
        {category ? (
          `${category.name} teachers near you`
        ) : (
          <>
            <VisuallyHidden>Loading the category</VisuallyHidden>
            {/* One line of the title's text (1.5rem at line-height 1.5), so the name replaces it in place. */}
            <SkeletonBlock as="span" aria-hidden="true" height="2.25rem" css={skeletonBlockStyles} />
          </>
        )}
      </PageTitle>
      <NearLocation />
      <ListingBrowser
        list={list}
        queryKey={options.queryKey}
        label={category ? `${category.name} teachers` : 'Teachers'}
        filters={filters}
        onFiltersChange={setFilters}
        empty={empty}
        errorTitle="Teachers could not be loaded"
        refSection={category ? `Category ${category.name}` : 'Category'}
      />
    </>
  );
}

/** `/categories/:categorySlug`: the category's listings near the learner, filtered and sorted from the URL. */
export default function CategoryPage() {
  const { categorySlug } = useParams();
  return (
    <PageColumn>
      {isSlug(categorySlug) ? (
        <CategoryListings key={categorySlug} categorySlug={categorySlug} />
      ) : (
        <NotFoundState title="We could not find this category">
          <p>
            <Link to={paths.categories()}>See all categories</Link>
          </p>
        </NotFoundState>
      )}
    </PageColumn>
  );
}
