import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { useIsTeacher } from '@kalike/shared/user/signed-in-as';
import * as paths from '@kalike/shared/routing/paths';
import { Link } from 'react-router-dom';

import { useSignedInLearnerId } from '../features/shortlist/api/get-shortlist';
import { ShortlistComparison } from '../features/shortlist/components/shortlist-comparison';
import { ShortlistSignIn } from '../features/shortlist/components/shortlist-sign-in';

/** `/shortlist`: the learner's shortlisted teachers compared side by side. */
export default function ShortlistPage() {
  const learnerId = useSignedInLearnerId();
  const isTeacher = useIsTeacher();
  let content = learnerId === null ? <ShortlistSignIn /> : <ShortlistComparison />;
  if (isTeacher) {
    content = (
      <StatusMessage title="The shortlist is for learners">
        <p>
          You are signed in as a teacher. Learners keep the teachers they like here. <Link to={paths.teach()}>Go to your workspace</Link>.
        </p>
      </StatusMessage>
    );
  }
  return (
    <PageColumn>
      <DocumentTitle>Your shortlist</DocumentTitle>
      <PageTitle>Your shortlist</PageTitle>
      {content}
    </PageColumn>
  );
}
