import { useEffect, useEffectEvent, useRef, type ReactNode } from 'react';
import { css } from '@emotion/react';
import type { ListingCard } from '@kalike/shared/contracts/teacher-listings';
import type { ApiError } from '@kalike/shared/api/api-error';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { Button } from '@kalike/shared/ui/button';
import { CardList } from '@kalike/shared/ui/card';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { colors, space, font } from '@kalike/shared/ui/theme';

import { flattenListings } from '../utils/flatten-listings';
import { ListingCardSkeletons } from '../../../components/listing-card';

/** What the list needs of an infinite listings query (category, search or all teachers). */
export interface ListingPagesQuery {
  data: { pages: ReadonlyArray<{ listings: readonly ListingCard[] }> } | undefined;
  error: ApiError | null;
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  isPlaceholderData: boolean;
  isFetchNextPageError: boolean;
  isFetchingNextPage: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
}

/** Starts the next page this far before the end comes into view, so scrolling rarely waits. */
const prefetchMargin = '800px 0px';

interface ListingResultsProps {
  list: ListingPagesQuery;
  /** Names the list for screen readers, e.g. "Chess teachers near you". */
  label: string;
  renderListing: (listing: ListingCard, index: number) => ReactNode;
  /** Shown when the first page is empty. */
  empty: ReactNode;
  errorTitle: string;
}

const resultsStyles = css({ opacity: 1, transition: 'opacity 150ms' });
/** Results of the previous filters, shown faded while the new ones load. */
const updatingResultsStyles = css({ opacity: 0.6 });
const countStyles = css({ margin: `0 0 ${space(2)}`, color: colors.textMuted, fontSize: font.size.small });
const moreStyles = css({ display: 'grid', justifyItems: 'center', gap: space(2), marginTop: space(4) });
const endStyles = css({ margin: 0, color: colors.textMuted, fontSize: font.size.small });

/**
 * An infinitely scrolling list of listings: pages load when the end comes near (an
 * IntersectionObserver), and a "Load more" button does the same for keyboards, screen
 * readers and browsers without the observer.
 */
export function ListingResults({ list, label, renderListing, empty, errorTitle }: ListingResultsProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError } = list;
  const loadMore = useEffectEvent(() => {
    if (list.hasNextPage && !list.isFetchingNextPage && !list.isFetchNextPageError) void list.fetchNextPage();
  });

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: prefetchMargin },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage]);

  if (!list.data) {
    if (list.isPending) return <ListingCardSkeletons count={4} label="Loading teachers" />;
    return (
      <StatusMessage tone="error" title={errorTitle} action={{ label: 'Try again', onClick: () => void list.refetch() }}>
        {readableErrorMessage(list.error)}
      </StatusMessage>
    );
  }

  const listings = flattenListings(list.data.pages);
  if (listings.length === 0) return empty;

  return (
    <div>
      <p role="status" css={countStyles}>
        {list.isPlaceholderData
          ? 'Updating the results…'
          : `${listings.length === 1 ? 'Showing 1 teacher' : `Showing ${listings.length} teachers`}${hasNextPage ? ', more below' : ''}`}
      </p>
      <CardList aria-label={label} aria-busy={list.isPlaceholderData || undefined} css={[resultsStyles, list.isPlaceholderData && updatingResultsStyles]}>
        {listings.map((listing, index) => (
          <li key={listing.id}>{renderListing(listing, index)}</li>
        ))}
      </CardList>
      <div ref={sentinel} aria-hidden="true" />
      <div css={moreStyles}>
        {isFetchNextPageError ? (
          <StatusMessage tone="error" title="More teachers could not be loaded" action={{ label: 'Try again', onClick: () => void list.fetchNextPage() }}>
            {readableErrorMessage(list.error)}
          </StatusMessage>
        ) : hasNextPage ? (
          <Button type="button" variant="secondary" onClick={() => void list.fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? 'Loading more teachers…' : 'Load more teachers'}
          </Button>
        ) : (
          <p css={endStyles}>That is everyone near you for this search.</p>
        )}
      </div>
    </div>
  );
}
