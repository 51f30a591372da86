import type { ComponentType } from 'react';
import * as paths from '@kalike/shared/routing/paths';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { LinkButton } from '@kalike/shared/ui/link-button';
import { PageColumn } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { pageIntro } from '@kalike/shared/ui/text-styles';
import { useSignedInTeacher } from '@kalike/shared/user/signed-in-as';

/** What a signed-in teacher sees on a page where learners enquire: why not, and where their own enquiries are. */
export function EnquiringIsForLearners() {
  return (
    <PageColumn>
      <DocumentTitle>Enquiring is for learners</DocumentTitle>
      <StatusMessage title="Enquiring is for learners" headingLevel={1}>
        <p css={pageIntro}>
          You are signed in as a teacher. Families send their enquiries to you, and you answer them in your inbox. To enquire with a teacher yourself, sign in
          with a learner&apos;s phone number.
        </p>
        <LinkButton to={paths.teachEnquiries()}>Open your enquiries</LinkButton>
      </StatusMessage>
    </PageColumn>
  );
}

/**
 * A page where a learner enquires. The API refuses a teacher's enquiry (403), so a signed-in
 * teacher is told why before filling anything in, instead of failing at the end.
 */
export function learnersOnly(Page: ComponentType): ComponentType {
  function LearnersOnlyPage() {
    const teacher = useSignedInTeacher();
    return teacher ? <EnquiringIsForLearners /> : <Page />;
  }
  LearnersOnlyPage.displayName = `LearnersOnly(${Page.displayName ?? Page.name})`;
  return LearnersOnlyPage;
}
