import { Link, useParams } from 'react-router-dom';
import { css } from '@emotion/react';
import type { Enquiry } from '@kalike/shared/contracts/enquiries';
import { isOpenEnquiry } from '@kalike/shared/domain/enquiry-lifecycle';
import * as paths from '@kalike/shared/routing/paths';
import { Card } from '@kalike/shared/ui/card';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { stack } from '@kalike/shared/ui/layout-styles';
import { mutedText, noMargin, strongText } from '@kalike/shared/ui/text-styles';
import { space } from '@kalike/shared/ui/theme';

import { EnquiryActions } from '../features/enquiries/components/enquiry-actions';
import { EnquiryTimeline } from '../features/enquiries/components/enquiry-timeline';
import { OfferDetails } from '../components/offer-details';
import { RequestDetails } from '../features/enquiries/components/request-details';
import { StateBadge } from '../components/state-badge';
import { enquiryStatus, enquiryTiming } from '../features/enquiries/utils/enquiry-text';
import { EnquiryGate } from '../features/enquiries/components/enquiry-gate';
import { ConversationSection } from '../components/conversation/conversation-section';

const titleStyle = css({ marginBottom: space(1) });
const nextLinksStyle = css({ margin: 0, display: 'flex', flexWrap: 'wrap', gap: space(4) });

function EnquiryDetail({ enquiry }: { enquiry: Enquiry }) {
  const { nextStep } = enquiryStatus(enquiry);
  const timing = enquiryTiming(enquiry);
  const open = isOpenEnquiry(enquiry.state);
  return (
    <div css={stack[6]}>
      <DocumentTitle>{`Enquiry with ${enquiry.teacher.name}`}</DocumentTitle>
      <div>
        <PageTitle css={titleStyle}>Enquiry with {enquiry.teacher.name}</PageTitle>
        <p css={mutedText}>
          {enquiry.listing.category.name} · <Link to={enquiry.listing.path}>{enquiry.listing.title}</Link>
        </p>
      </div>
      <Card css={stack[2]}>
        <div>
          <StateBadge state={enquiry.state} classPackPaid={enquiry.classPackPaid} />
        </div>
        <p css={noMargin}>{nextStep}</p>
        {timing && <p css={strongText}>{timing}</p>}
      </Card>
      {enquiry.offer && <OfferDetails offer={enquiry.offer} state={enquiry.state} />}
      <EnquiryActions enquiry={enquiry} />
      <ConversationSection subject="enquiry" subjectId={enquiry.id} heading={`Messages with ${enquiry.teacher.name}`} />
      <EnquiryTimeline history={enquiry.history} teacherName={enquiry.teacher.name} />
      <RequestDetails enquiry={enquiry} />
      <p css={nextLinksStyle}>
        {open && <Link to={`${paths.enquiryEnrichment(enquiry.id)}?from=enquiry`}>Add age, level and goals</Link>}
        {open && <Link to={paths.enquiryStudentDetails(enquiry.id)}>Change who the class is for</Link>}
        <Link to={paths.enquiries()}>All your enquiries</Link>
      </p>
    </div>
  );
}

/** `/:enquiryId`: the whole enquiry, where it stands, the teacher's offer and the learner's moves. */
export default function EnquiryDetailPage() {
  const { enquiryId = '' } = useParams();
  return (
    <PageColumn>
      <EnquiryGate
        enquiryId={enquiryId}
        signInTitle="Sign in to see this enquiry"
        signInReason="Enquiries belong to your Kalike account: sign in with the phone number you enquired with to see the teacher's replies and offers."
        loadingLabel="Loading the enquiry"
      >
        {(enquiry) => <EnquiryDetail enquiry={enquiry} />}
      </EnquiryGate>
    </PageColumn>
  );
}
