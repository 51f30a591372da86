import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { sectionLabels } from '@kalike/shared/analytics/track';
import { enquiryLimits } from '@kalike/shared/domain/enquiry-lifecycle';
import { useLearnerEnquiryDetails } from '@kalike/shared/enquiry/learner-enquiry-details';
import * as paths from '@kalike/shared/routing/paths';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';

import { LinkButton } from '@kalike/shared/ui/link-button';
import { useCurrentPath } from '@kalike/shared/hooks/use-current-path';
import { mutedIntro, pageIntro } from '@kalike/shared/ui/text-styles';
import { stack } from '@kalike/shared/ui/layout-styles';
import { RequestForm } from '../features/class-request/components/request-form';
import { TeacherChoices } from '../features/class-request/components/teacher-choices';
import { useDraftRef } from '../features/class-request/hooks/use-draft-ref';
import { useSendRequest } from '../features/class-request/hooks/use-send-request';
import { loadDraft, updateDraft } from '../features/class-request/utils/enquiry-draft';
import { signInNote } from '../features/class-request/utils/sign-in-note';
import { useAfterSent } from '../features/class-request/hooks/use-after-sent';
import { useRequestAccount } from '../features/class-request/hooks/use-request-account';
import { learnersOnly } from '../components/learners-only';

const teachersLabel = (count: number) => (count === 1 ? '1 teacher' : `${count} teachers`);

/** `/enquire`: one request to the teachers picked on the shortlist (spec §3 selectedCards), one enquiry each. */
function EnquireManyPage() {
  const navigate = useNavigate();
  const here = useCurrentPath();
  const cards = useLearnerEnquiryDetails((state) => state.selectedCards);
  const account = useRequestAccount();
  const afterSent = useAfterSent();
  useDraftRef({ refPage: paths.shortlist(), refSection: sectionLabels.shortlistTab });
  // Unticked teachers stay listed (to tick again) and are kept in the draft through sign-in.
  const [skipped, setSkipped] = useState(() => loadDraft().skippedListingIds);
  const [teachersError, setTeachersError] = useState<string | undefined>();
  const { send, pending, failure } = useSendRequest({ addChild: account.addChild, onSent: afterSent });

  const chosen = cards.filter((card) => !skipped.includes(card.listingId));
  const toggle = (listingId: string) => {
    const next = skipped.includes(listingId) ? skipped.filter((id) => id !== listingId) : [...skipped, listingId];
    setSkipped(next);
    updateDraft({ skippedListingIds: next });
    setTeachersError(undefined);
  };

  if (cards.length === 0) {
    return (
      <PageColumn>
        <DocumentTitle>Enquire with several teachers</DocumentTitle>
        <PageTitle>Enquire with several teachers</PageTitle>
        <StatusMessage title="No teachers picked yet">
          <p css={pageIntro}>Pick up to {enquiryLimits.maxTeachersPerRequest} teachers on your shortlist to send them one enquiry together.</p>
          <LinkButton to={paths.shortlist()}>Go to your shortlist</LinkButton>
        </StatusMessage>
      </PageColumn>
    );
  }

  const signedIn = account.learner !== null;
  return (
    <PageColumn>
      <DocumentTitle>Enquire with several teachers</DocumentTitle>
      <PageTitle>Enquire with {teachersLabel(cards.length)}</PageTitle>
      <p css={mutedIntro}>Answer once; each teacher gets their own enquiry and replies to you directly.</p>
      <div css={stack[6]}>
        <TeacherChoices
          legend="Send to"
          choices={cards.map((card) => ({ ...card, detail: card.categoryName }))}
          chosenIds={chosen.map((card) => card.listingId)}
          onToggle={toggle}
          max={enquiryLimits.maxTeachersPerRequest}
          error={teachersError}
        />
        <RequestForm
          variant="many"
          {...account.formProps}
          submitLabel={!signedIn ? 'Continue' : chosen.length === 0 ? 'Send enquiry' : `Send to ${teachersLabel(chosen.length)}`}
          submitNote={signedIn ? undefined : signInNote}
          pending={pending}
          failure={failure}
          onValid={(values) => {
            if (chosen.length === 0) {
              setTeachersError('Tick at least one teacher to send your enquiry to.');
              return;
            }
            if (!signedIn) return navigate(paths.login(here));
            return send(
              values,
              chosen.map((card) => ({ listingId: card.listingId })),
            );
          }}
        />
      </div>
    </PageColumn>
  );
}

export default learnersOnly(EnquireManyPage);
