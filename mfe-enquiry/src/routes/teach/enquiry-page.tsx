import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { css } from '@emotion/react';
import type { Enquiry } from '@kalike/shared/contracts/enquiries';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { teacherInboxSection, teacherNextStep } from '@kalike/shared/domain/enquiry-lifecycle';
import { isUuid } from '@kalike/shared/domain/uuid';
import * as paths from '@kalike/shared/routing/paths';
import { Card } from '@kalike/shared/ui/card';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { stack } from '@kalike/shared/ui/layout-styles';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { PageLoading } from '@kalike/shared/ui/page-loading';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { mutedText, noMargin, pageIntro } from '@kalike/shared/ui/text-styles';
import { LinkButton } from '@kalike/shared/ui/link-button';
import { space } from '@kalike/shared/ui/theme';

import { isEnquiryNotFound, useEnquiry } from '../../features/enquiries/api/get-enquiry';
import { useMarkEnquirySeen } from '../../api/update-enquiry';
import { EnquiryTimeline } from '../../features/enquiries/components/enquiry-timeline';
import { OfferDetails } from '../../components/offer-details';
import { ReplyDeadlineText } from '../../features/teach/enquiries/components/reply-deadline-text';
import { RequestDetails } from '../../features/enquiries/components/request-details';
import { TeacherMoves } from '../../features/teach/enquiries/components/teacher-moves';
import { TeacherStateBadge } from '../../features/teach/enquiries/components/teacher-state-badge';
import { useNow } from '@kalike/shared/hooks/use-now';
import { TeacherGate } from '../../components/teacher-gate';
import { ConversationSection } from '../../components/conversation/conversation-section';

const titleStyle = css({ marginBottom: space(1) });

/** Opening a new enquiry marks it seen, once: the family sees it was read; the deadline stays. */
function useMarkSeenOnOpen(enquiry: Enquiry) {
  const markSeen = useMarkEnquirySeen(enquiry.id);
  const asked = useRef(false);
  const canMark = enquiry.allowedActions.includes('mark_seen');
  useEffect(() => {
    if (!canMark || asked.current) return;
    asked.current = true;
    markSeen.mutate(undefined);
  }, [canMark, markSeen]);
}

function TeacherEnquiry({ enquiry }: { enquiry: Enquiry }) {
  useMarkSeenOnOpen(enquiry);
  const now = useNow();
  const firstName = enquiry.contact.name.split(' ')[0] ?? enquiry.contact.name;
  const section = teacherInboxSection(enquiry.state, enquiry.classPackPaid);
  return (
    <div css={stack[6]}>
      <DocumentTitle>{`Enquiry from ${firstName}`}</DocumentTitle>
      <div>
        <PageTitle css={titleStyle}>
          Enquiry from {firstName}
          {enquiry.student ? ` for ${enquiry.student.name}` : ''}
        </PageTitle>
        <p css={mutedText}>
          {enquiry.listing.category.name} · {enquiry.listing.title}
        </p>
      </div>
      <Card css={stack[2]}>
        <div>
          <TeacherStateBadge state={enquiry.state} section={section} classPackPaid={enquiry.classPackPaid} />
        </div>
        <p css={noMargin}>{teacherNextStep(enquiry.state, enquiry.classPackPaid)}</p>
        {enquiry.respondBy && <ReplyDeadlineText needsActionBy={enquiry.respondBy} now={now} />}
      </Card>
      <TeacherMoves enquiry={enquiry} />
      <ConversationSection subject="enquiry" subjectId={enquiry.id} heading={`Messages with ${firstName}`} />
      <RequestDetails enquiry={enquiry} reader="teacher" />
      {enquiry.offer && <OfferDetails offer={enquiry.offer} state={enquiry.state} reader="teacher" />}
      <EnquiryTimeline history={enquiry.history} teacherName={enquiry.teacher.name} reader="teacher" />
      <p css={noMargin}>
        <Link to={paths.teachEnquiries()}>All your enquiries</Link>
      </p>
    </div>
  );
}

function TeacherEnquiryLoader({ enquiryId }: { enquiryId: string }) {
  const validId = isUuid(enquiryId);
  const enquiry = useEnquiry(enquiryId, { enabled: validId });
  if (!validId || (enquiry.isError && isEnquiryNotFound(enquiry.error))) {
    return (
      <StatusMessage title="This enquiry is not in your inbox" headingLevel={1}>
        <p css={pageIntro}>The link may be mistyped, or the enquiry was sent to another teacher.</p>
        <LinkButton to={paths.teachEnquiries()}>All your enquiries</LinkButton>
      </StatusMessage>
    );
  }
  if (enquiry.isPending) return <PageLoading label="Loading the enquiry" rows={4} />;
  if (enquiry.isError) {
    return (
      <StatusMessage tone="error" title="This enquiry could not be loaded" action={{ label: 'Try again', onClick: () => void enquiry.refetch() }}>
        {readableErrorMessage(enquiry.error)}
      </StatusMessage>
    );
  }
  return <TeacherEnquiry enquiry={enquiry.data} />;
}

/** `/teach/enquiries/:enquiryId`: what the family asked, where it stands, and the moves the lifecycle allows the teacher now. */
export default function TeachEnquiryPage() {
  const { enquiryId = '' } = useParams();
  return (
    <PageColumn>
      <TeacherGate>{() => <TeacherEnquiryLoader enquiryId={enquiryId} />}</TeacherGate>
    </PageColumn>
  );
}
