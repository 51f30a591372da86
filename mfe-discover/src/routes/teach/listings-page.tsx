import { css } from '@emotion/react';
import { Link } from 'react-router-dom';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { listingReviewLifecycle } from '@kalike/shared/domain/listing-review-lifecycle';
import * as paths from '@kalike/shared/routing/paths';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { colors, radius, space } from '@kalike/shared/ui/theme';

import { useAuthoredListings } from '../../features/teach/listings/api/authored-listings';

const listCss = css({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space(3) });
const itemCss = css({ border: `1px solid ${colors.border}`, borderRadius: radius.medium, padding: space(3), display: 'grid', gap: space(1) });
const pillCss = css({ justifySelf: 'start', border: `1px solid ${colors.border}`, borderRadius: radius.pill, padding: `0 ${space(2)}` });
const mutedCss = css({ color: colors.textMuted, margin: 0 });

function ListingsContent() {
  const listings = useAuthoredListings();
  if (listings.isPending) return <SkeletonList rows={2} rowHeight="6rem" label="Loading your listings" />;
  if (listings.isError) {
    return (
      <StatusMessage tone="error" title="Your listings could not be loaded" action={{ label: 'Try again', onClick: () => void listings.refetch() }}>
        {readableErrorMessage(listings.error)}
      </StatusMessage>
    );
  }
  if (listings.data.items.length === 0) {
    return (
      <StatusMessage title="No listings yet">
        <p>A listing is one subject you teach, with its programs, batches and class packs. Learners see it once it is reviewed.</p>
      </StatusMessage>
    );
  }
  return (
    <ul css={listCss} aria-label="Your listings">
      {listings.data.items.map((item) => (
        <li key={item.id} css={itemCss}>
          <strong>{item.title}</strong>
          <span css={pillCss}>{listingReviewLifecycle.labels[item.reviewState]}</span>
          <p css={mutedCss}>
            {item.categoryName} · {item.counts.programs} programs · {item.counts.batches} batches · {item.counts.classPacks} class packs
            {item.heldChanges > 0 ? ` · ${item.heldChanges} waiting for review` : ''}
          </p>
          {item.reviewState === 'sent_back' && item.reviewNote ? <p>Sent back: {item.reviewNote}</p> : null}
          <Link to={paths.teachListing(item.id)}>{item.reviewState === 'draft' ? `Continue ${item.title}` : `Open ${item.title}`}</Link>
        </li>
      ))}
    </ul>
  );
}

/** `/teach/listings`: the teacher's listings and where each stands in review. */
export default function TeachListingsPage() {
  return (
    <PageColumn>
      <DocumentTitle>Your listings</DocumentTitle>
      <PageTitle>Your listings</PageTitle>
      <p>
        <Link to={paths.teachListingNew()}>New listing</Link>
      </p>
      <ListingsContent />
    </PageColumn>
  );
}
