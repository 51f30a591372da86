import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';

import { useSignedInLearnerId } from '../features/shortlist/api/get-shortlist';
import { ShortlistComparison } from '../features/shortlist/components/shortlist-comparison';
import { ShortlistSignIn } from '../features/shortlist/components/shortlist-sign-in';

/** `/shortlist`: the learner's shortlisted teachers compared side by side. */
export default function ShortlistPage() {
  const learnerId = useSignedInLearnerId();
  return (
    <PageColumn>
      <DocumentTitle>Your shortlist</DocumentTitle>
      <PageTitle>Your shortlist</PageTitle>
      {learnerId === null ? <ShortlistSignIn /> : <ShortlistComparison />}
    </PageColumn>
  );
}
