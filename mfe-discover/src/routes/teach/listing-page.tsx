import { useState } from 'react';
import { css } from '@emotion/react';
import { Link, useParams } from 'react-router-dom';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import type { AuthoredListing } from '@kalike/shared/contracts/listing-authoring';
import { listingReviewLifecycle, listingReviewTime, teacherMayEdit } from '@kalike/shared/domain/listing-review-lifecycle';
import * as paths from '@kalike/shared/routing/paths';
import { Button } from '@kalike/shared/ui/button';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { colors, radius, space } from '@kalike/shared/ui/theme';

import { useAuthoredListing, useChangeListing } from '../../features/teach/listings/api/authored-listings';
import { BatchForm } from '../../features/teach/listings/components/batch-form';
import { ChangeFeedback } from '../../features/teach/listings/components/change-feedback';
import { DetailsForm } from '../../features/teach/listings/components/details-form';
import { heldCss, mutedCss } from '../../features/teach/listings/components/listing-form-css';
import { BatchList, ProgramList } from '../../features/teach/listings/components/listing-sections';
import { PackForm } from '../../features/teach/listings/components/pack-form';
import { ProgramForm } from '../../features/teach/listings/components/program-form';

const sectionCss = css({ display: 'grid', gap: space(3), marginBottom: space(5) });
const pillCss = css({ justifySelf: 'start', border: `1px solid ${colors.border}`, borderRadius: radius.pill, padding: `0 ${space(2)}` });

/**
 * Send for review and withdraw. A refusal answers the listing as it was when the button was
 * pressed (what it lacked then): once any change replaces the listing, the refusal no longer
 * describes it and goes, and the list above says what is still missing.
 */
function ReviewActions({ listing }: { listing: AuthoredListing }) {
  const change = useChangeListing(listing.id);
  const [triedOn, setTriedOn] = useState<AuthoredListing | null>(null);
  const move = (path: 'submit' | 'withdraw') => {
    setTriedOn(listing);
    change.mutate({ method: 'post', path });
  };
  return (
    <div>
      {listingReviewLifecycle.can('submit', listing.reviewState) ? (
        <Button type="button" disabled={change.isPending} onClick={() => move('submit')}>
          Send for review
        </Button>
      ) : null}
      {listingReviewLifecycle.can('withdraw', listing.reviewState) ? (
        <Button type="button" variant="secondary" disabled={change.isPending} onClick={() => move('withdraw')}>
          Withdraw
        </Button>
      ) : null}
      <ChangeFeedback error={triedOn === listing ? change.error : null} />
    </div>
  );
}

function ListingContent({ listingId }: { listingId: string }) {
  const listing = useAuthoredListing(listingId);
  if (listing.isPending) return <SkeletonList rows={3} rowHeight="6rem" label="Loading your listing" />;
  if (listing.isError) {
    return (
      <StatusMessage tone="error" title="This listing could not be loaded" action={{ label: 'Try again', onClick: () => void listing.refetch() }}>
        {readableErrorMessage(listing.error)}
      </StatusMessage>
    );
  }
  const data = listing.data;
  const editable = teacherMayEdit(data.reviewState);
  return (
    <>
      <DocumentTitle>{data.title}</DocumentTitle>
      <PageTitle>{data.title}</PageTitle>
      <section css={sectionCss} aria-label="Review">
        <span css={pillCss} data-testid="listing-state">
          {listingReviewLifecycle.labels[data.reviewState]}
        </span>
        <p css={mutedCss}>
          {data.category.name} · based in {data.locality.name}
        </p>
        {data.heldLocality ? (
          <p css={heldCss}>
            Waiting for review: {data.locality.name} → {data.heldLocality.name}
          </p>
        ) : null}
        {data.reviewState === 'sent_back' && data.reviewNote ? <p>Sent back: {data.reviewNote}</p> : null}
        {data.reviewState === 'in_review' ? <p>It is waiting for review and cannot be changed. {listingReviewTime} Withdraw it to edit.</p> : null}
        {data.about ? <p>{data.about}</p> : null}
        {data.missing.length > 0 && listingReviewLifecycle.can('submit', data.reviewState) ? (
          <div>
            <p>Before sending it for review:</p>
            <ul>
              {data.missing.map((missing) => (
                <li key={missing}>{missing}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <ReviewActions listing={data} />
        {editable ? <DetailsForm key={data.id} listing={data} /> : null}
      </section>
      <section css={sectionCss} aria-labelledby="programs-heading">
        <h2 id="programs-heading">Programs</h2>
        <ProgramList listing={data} editable={editable} />
        {editable ? <ProgramForm listingId={data.id} /> : null}
      </section>
      <section css={sectionCss} aria-labelledby="batches-heading">
        <h2 id="batches-heading">Batches and class packs</h2>
        <BatchList listing={data} editable={editable} />
        {editable && data.programs.length > 0 ? <BatchForm key={`batch-form-${data.programs.length}`} listingId={data.id} programs={data.programs} /> : null}
        {editable && data.batches.length > 0 ? <PackForm key={`pack-form-${data.batches.length}`} listingId={data.id} batches={data.batches} /> : null}
      </section>
      <p>
        <Link to={paths.teachListings()}>All your listings</Link>
      </p>
    </>
  );
}

/** `/teach/listings/:listingId`: one listing with its programs, batches and class packs, and its review. */
export default function TeachListingPage() {
  const { listingId = '' } = useParams();
  return (
    <PageColumn>
      <ListingContent listingId={listingId} />
    </PageColumn>
  );
}
