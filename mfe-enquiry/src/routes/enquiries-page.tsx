import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import * as paths from '@kalike/shared/routing/paths';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';

import { LinkButton } from '@kalike/shared/ui/link-button';
import { PageLoading } from '@kalike/shared/ui/page-loading';
import { SignInPrompt } from '@kalike/shared/ui/sign-in-prompt';
import { useEnquiries } from '../features/enquiries/api/get-enquiries';
import { EnquiryList, splitByOpen } from '../features/enquiries/components/enquiry-list';
import { useSignedInLearner } from '@kalike/shared/user/use-signed-in-learner';
import { useSignedInTeacher } from '@kalike/shared/user/signed-in-as';
import { pageIntro } from '@kalike/shared/ui/text-styles';
import { centredWrapRow } from '@kalike/shared/ui/layout-styles';
import { space } from '@kalike/shared/ui/theme';

const findMoreStyle = css({ marginTop: space(6) });

function Enquiries() {
  const enquiries = useEnquiries({ enabled: true });
  if (enquiries.isPending) return <PageLoading label="Loading your enquiries" rows={3} rowHeight="9rem" />;
  if (enquiries.isError) {
    return (
      <StatusMessage tone="error" title="Your enquiries could not be loaded" action={{ label: 'Try again', onClick: () => void enquiries.refetch() }}>
        {readableErrorMessage(enquiries.error)}
      </StatusMessage>
    );
  }
  if (enquiries.data.length === 0) {
    return (
      <StatusMessage title="No enquiries yet">
        <p css={pageIntro}>Find a teacher near you and ask about batches, fees or a demo class. Their replies show up here.</p>
        <div css={centredWrapRow}>
          <LinkButton to={paths.search()}>Search for a teacher</LinkButton>
          <LinkButton to={paths.enquiry()} variant="secondary">
            Request a class
          </LinkButton>
        </div>
      </StatusMessage>
    );
  }
  const { open, ended } = splitByOpen(enquiries.data);
  return (
    <>
      <EnquiryList title="Active enquiries" enquiries={open} />
      <EnquiryList title="Past enquiries" enquiries={ended} />
      <p css={findMoreStyle}>
        <Link to={paths.search()}>Find more teachers</Link>
      </p>
    </>
  );
}

/** `/enquiries`: every enquiry of the learner, open ones first, each with what happens next. */
export default function EnquiriesPage() {
  const learner = useSignedInLearner();
  const teacher = useSignedInTeacher();
  if (teacher) {
    // The API would list the enquiries addressed to her, worded here as if she had sent them.
    return (
      <PageColumn>
        <DocumentTitle>Your enquiries</DocumentTitle>
        <PageTitle>Your enquiries</PageTitle>
        <StatusMessage title="Your enquiries are in your inbox">
          <p css={pageIntro}>You are signed in as a teacher. The enquiries families send you, with their reply deadlines, are in your inbox.</p>
          <LinkButton to={paths.teachEnquiries()}>Open your enquiries</LinkButton>
        </StatusMessage>
      </PageColumn>
    );
  }
  return (
    <PageColumn>
      <DocumentTitle>Your enquiries</DocumentTitle>
      <PageTitle>Your enquiries</PageTitle>
      {learner ? (
        <Enquiries />
      ) : (
        <SignInPrompt title="Sign in to see your enquiries">
          Enquiries are kept in your Kalike account: sign in with your phone number to follow the teachers' replies, demo classes and offers.
        </SignInPrompt>
      )}
    </PageColumn>
  );
}
