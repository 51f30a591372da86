import { useParams } from 'react-router-dom';
import { css } from '@emotion/react';
import type { Enquiry } from '@kalike/shared/contracts/enquiries';
import * as paths from '@kalike/shared/routing/paths';
import { Card } from '@kalike/shared/ui/card';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';

import { LinkButton } from '@kalike/shared/ui/link-button';
import { enquiryStatus, firstName } from '../features/enquiries/utils/enquiry-text';
import { formatInstantLong } from '@kalike/shared/format/dates';
import { stack, wrapRow } from '@kalike/shared/ui/layout-styles';
import { noMargin, sectionHeading } from '@kalike/shared/ui/text-styles';
import { EnquiryGate } from '../features/enquiries/components/enquiry-gate';

const titleStyle = css({ marginBottom: 0 });

function ThankYou({ enquiry }: { enquiry: Enquiry }) {
  const teacher = enquiry.teacher.name;
  const { nextStep } = enquiryStatus(enquiry);
  return (
    <div css={stack[5]}>
      <DocumentTitle>{`Enquiry sent to ${teacher}`}</DocumentTitle>
      <PageTitle css={titleStyle}>Enquiry sent to {teacher}</PageTitle>
      <Card as="section" aria-labelledby="next-heading" css={stack[2]}>
        <h2 id="next-heading" css={sectionHeading}>
          What happens next
        </h2>
        <p css={noMargin}>{nextStep}</p>
        {enquiry.respondBy && (
          <p css={noMargin}>
            {firstName(teacher)} has until <strong>{formatInstantLong(enquiry.respondBy)}</strong> to reply. If there is no reply by then, the enquiry expires
            and you can try another teacher near you.
          </p>
        )}
        <p css={noMargin}>Replies, demo classes and offers show up under Your enquiries.</p>
      </Card>
      <div css={wrapRow}>
        <LinkButton to={paths.enquiryDetail(enquiry.id)}>View this enquiry</LinkButton>
        <LinkButton to={paths.enquiries()} variant="secondary">
          See all your enquiries
        </LinkButton>
      </div>
    </div>
  );
}

/** `/:enquiryId/thank-you`: the enquiry is sent; what happens next, and by when. */
export default function EnquiryThankYouPage() {
  const { enquiryId = '' } = useParams();
  return (
    <PageColumn>
      <EnquiryGate
        enquiryId={enquiryId}
        signInTitle="Sign in to see your enquiry"
        signInReason="Enquiries belong to your Kalike account: sign in with the phone number you enquired with."
        loadingLabel="Loading the enquiry"
      >
        {(enquiry) => <ThankYou enquiry={enquiry} />}
      </EnquiryGate>
    </PageColumn>
  );
}
