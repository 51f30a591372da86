import { useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { css } from '@emotion/react';
import type { Enquiry } from '@kalike/shared/contracts/enquiries';
import { enquiryResponseWindowHours } from '@kalike/shared/domain/enquiry-lifecycle';
import { setShowEnquirySuccessOverlay, useLearnerEnquiryDetails } from '@kalike/shared/enquiry/learner-enquiry-details';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import * as paths from '@kalike/shared/routing/paths';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';

import { PageLoading } from '@kalike/shared/ui/page-loading';
import { SignInPrompt } from '@kalike/shared/ui/sign-in-prompt';
import { useEnquiries } from '../features/enquiries/api/get-enquiries';
import { EnquiryList } from '../features/enquiries/components/enquiry-list';
import { SuccessOverlay, type SentTeacher } from '../features/enquiries/components/success-overlay';
import { LinkButton } from '@kalike/shared/ui/link-button';
import { useSignedInLearner } from '@kalike/shared/user/use-signed-in-learner';
import type { SentOutcome, SuccessState } from '../features/class-request/hooks/use-after-sent';
import { isUuid } from '@kalike/shared/domain/uuid';
import { boldWeight, noMargin, sectionHeading, spacedSectionHeading } from '@kalike/shared/ui/text-styles';
import { stack } from '@kalike/shared/ui/layout-styles';
import { space } from '@kalike/shared/ui/theme';

function readOutcome(value: unknown): SentOutcome | null {
  if (typeof value !== 'object' || value === null) return null;
  const { name, subject, enquiryId, created, studentName } = value as Record<string, unknown>;
  if (typeof name !== 'string' || typeof subject !== 'string' || !isUuid(enquiryId) || typeof created !== 'boolean') return null;
  return { name, subject, enquiryId, created, studentName: typeof studentName === 'string' ? studentName : null };
}

/** The history entry's state is the page's own, but read back carefully all the same. */
function readSuccessState(state: unknown): Partial<SuccessState> {
  if (typeof state !== 'object' || state === null) return {};
  const { requestId, teachers } = state as Record<string, unknown>;
  const list = Array.isArray(teachers) ? teachers.map(readOutcome).filter((teacher): teacher is SentOutcome => teacher !== null) : undefined;
  return { requestId: isUuid(requestId) ? requestId : undefined, teachers: list };
}

/** The enquiries of the request just sent: the one named in the history entry, else the newest. */
function latestRequest(enquiries: readonly Enquiry[], requestId: string | undefined): Enquiry[] {
  const id = requestId ?? enquiries[0]?.requestId;
  return enquiries.filter((enquiry) => enquiry.requestId === id);
}

const stepListStyle = css({ margin: 0, paddingLeft: space(5), display: 'grid', gap: space(2) });

function WhatHappensNext() {
  return (
    <section aria-labelledby="next-heading">
      <h2 id="next-heading" css={spacedSectionHeading}>
        What happens next
      </h2>
      <ol css={stepListStyle}>
        <li>Each teacher gets your enquiry now and has {enquiryResponseWindowHours} hours to reply. If one does not, we tell you.</li>
        <li>Teachers reply with a message, a demo class or a place in a batch. You see it under Your enquiries.</li>
        <li>Book the demo or enrol, then choose a class pack to pay for the classes.</li>
      </ol>
    </section>
  );
}

const teacherListStyle = css({ margin: 0, paddingLeft: space(5), display: 'grid', gap: space(3) });

/**
 * Teachers already asked about the same student: nothing new reached them and the answers just
 * given were not added, so the learner is told so and taken to the enquiry that is open.
 */
function AlreadyOpen({ teachers }: { teachers: readonly SentOutcome[] }) {
  return (
    <section aria-labelledby="already-open-heading" css={stack[3]}>
      <h2 id="already-open-heading" css={sectionHeading}>
        Already open
      </h2>
      <ul css={teacherListStyle}>
        {teachers.map((teacher) => (
          <li key={teacher.enquiryId}>
            You already have an open enquiry with <strong>{teacher.name}</strong> ({teacher.subject}) for {teacher.studentName ?? 'yourself'}, so nothing new
            was sent to {teacher.name} and the answers you just gave were not added to it.{' '}
            <Link to={paths.enquiryDetail(teacher.enquiryId)} css={boldWeight}>
              Open your enquiry with {teacher.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The student's age, level and goals help every teacher of the submission; offered after each send. */
function AddDetails({ enquiryId }: { enquiryId: string }) {
  return (
    <section aria-labelledby="details-heading" css={stack[2]}>
      <h2 id="details-heading" css={sectionHeading}>
        Help the teachers suggest the right batch
      </h2>
      <p css={noMargin}>Add the student's age, level and goals; every teacher you just asked sees them.</p>
      <div>
        <LinkButton to={paths.enquiryEnrichment(enquiryId)} variant="secondary">
          Add age, level and goals
        </LinkButton>
      </div>
    </section>
  );
}

function SentEnquiries({ requestId }: { requestId: string | undefined }) {
  const enquiries = useEnquiries({ enabled: true });
  if (enquiries.isPending) return <PageLoading label="Loading your enquiries" rows={2} rowHeight="9rem" />;
  if (enquiries.isError) {
    return (
      <StatusMessage tone="error" title="Your enquiries could not be loaded" action={{ label: 'Try again', onClick: () => void enquiries.refetch() }}>
        {readableErrorMessage(enquiries.error)}
      </StatusMessage>
    );
  }
  return <EnquiryList title="Sent just now" enquiries={latestRequest(enquiries.data, requestId)} />;
}

/** `/enquiries/success`: after a request to several teachers, the overlay naming them and what happens next. */
export default function EnquiriesSuccessPage() {
  const location = useLocation();
  const learner = useSignedInLearner();
  const showOverlay = useLearnerEnquiryDetails((state) => state.showEnquirySuccessOverlay);
  const { requestId, teachers } = readSuccessState(location.state);
  const created = teachers?.filter((teacher) => teacher.created);
  const alreadyOpen = teachers?.filter((teacher) => !teacher.created) ?? [];
  // Without the history entry (a reload) the request's enquiries are the ones to show.
  const anySent = created === undefined || created.length > 0;
  const title = useRef<HTMLHeadingElement>(null);
  const dismiss = () => {
    setShowEnquirySuccessOverlay(false);
    title.current?.focus();
  };
  const heading = anySent ? 'Your enquiries are on their way' : 'Nothing new was sent';
  return (
    <PageColumn>
      <DocumentTitle>{anySent ? 'Enquiries sent' : 'Already asked'}</DocumentTitle>
      <PageTitle ref={title} tabIndex={-1}>
        {heading}
      </PageTitle>
      {learner ? (
        <div css={stack[6]}>
          {alreadyOpen.length > 0 && <AlreadyOpen teachers={alreadyOpen} />}
          {anySent && <WhatHappensNext />}
          {created?.[0] && <AddDetails enquiryId={created[0].enquiryId} />}
          {anySent && <SentEnquiries requestId={requestId} />}
          <p css={noMargin}>
            <Link to={paths.enquiries()}>See all your enquiries</Link>
          </p>
          {showOverlay && anySent && <SuccessOverlayWithTeachers teachers={created} requestId={requestId} onDismiss={dismiss} />}
        </div>
      ) : (
        <SignInPrompt title="Sign in to see your enquiries">
          Your enquiries are kept in your Kalike account: sign in with your phone number to follow the teachers' replies.
        </SignInPrompt>
      )}
    </PageColumn>
  );
}

/** The teachers come with the history entry; after a reload without it, from the enquiries themselves. */
function SuccessOverlayWithTeachers({ teachers, requestId, onDismiss }: { teachers?: SentTeacher[]; requestId?: string; onDismiss: () => void }) {
  const enquiries = useEnquiries({ enabled: !teachers });
  const named =
    teachers ?? latestRequest(enquiries.data ?? [], requestId).map((enquiry) => ({ name: enquiry.teacher.name, subject: enquiry.listing.category.name }));
  if (!teachers && enquiries.isPending) return null;
  return <SuccessOverlay teachers={named} onDismiss={onDismiss} />;
}
