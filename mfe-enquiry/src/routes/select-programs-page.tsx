import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { css } from '@emotion/react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { timesOfDay } from '@kalike/shared/domain/listing-values';
import { enquiryLimits } from '@kalike/shared/domain/enquiry-lifecycle';
import { formatPaise } from '@kalike/shared/format/money';
import { useLearnerEnquiryDetails } from '@kalike/shared/enquiry/learner-enquiry-details';
import * as paths from '@kalike/shared/routing/paths';
import { Button } from '@kalike/shared/ui/button';
import { Card } from '@kalike/shared/ui/card';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';

import { LinkButton } from '@kalike/shared/ui/link-button';
import { PageLoading } from '@kalike/shared/ui/page-loading';
import { useCurrentPath } from '@kalike/shared/hooks/use-current-path';
import { stack } from '@kalike/shared/ui/layout-styles';
import { mutedText, noMargin } from '@kalike/shared/ui/text-styles';
import { space, font } from '@kalike/shared/ui/theme';
import { useTeacherMatches } from '../features/class-request/api/get-teacher-matches';
import { TeacherChoices, type TeacherChoice } from '../features/class-request/components/teacher-choices';
import { useSendRequest } from '../features/class-request/hooks/use-send-request';
import { loadDraft, updateDraft, type EnquiryDraft } from '../features/class-request/utils/enquiry-draft';
import { checkRequest, valuesFromDraft, type RequestErrors } from '../features/class-request/utils/request-rules';
import { RequestSummary } from '../features/class-request/components/request-summary';
import { useAfterSent } from '../features/class-request/hooks/use-after-sent';
import { useRequestAccount } from '../features/class-request/hooks/use-request-account';
import { learnersOnly } from '../components/learners-only';

/** How many nearby teachers are ticked for the learner before they choose. */
const preselectedCount = 3;
const maxTeachers = enquiryLimits.maxTeachersPerRequest;
const teachersLabel = (count: number) => (count === 1 ? '1 teacher' : `${count} teachers`);

interface ChooseAndSendProps {
  draft: EnquiryDraft;
  choices: TeacherChoice[];
  subject?: string;
  /** Where the answers were given, to change them. */
  answersPath: string;
  /** Ticked for the learner until they choose; by default the first few. */
  preselected?: string[];
}

const summaryHeadingStyle = css({ fontSize: font.size.body, margin: `0 0 ${space(2)}` });
const changeAnswersStyle = css({ margin: `${space(3)} 0 0` });
const problemListStyle = css({ textAlign: 'left', margin: `0 0 ${space(3)}` });

function ChooseAndSend({ draft, choices, subject, answersPath, preselected }: ChooseAndSendProps) {
  const here = useCurrentPath();
  const account = useRequestAccount();
  const afterSent = useAfterSent();
  const { send, pending, failure } = useSendRequest({ addChild: account.addChild, onSent: afterSent });
  const [stored, setStored] = useState(draft.chosenListingIds);
  const [problems, setProblems] = useState<RequestErrors | null>(null);
  const [teachersError, setTeachersError] = useState<string | undefined>();
  const available = choices.map((choice) => choice.listingId);
  // Until the learner changes it, the nearest few (that fit the request) are chosen for them.
  const chosenIds = (stored ?? preselected ?? available.slice(0, preselectedCount)).filter((id) => available.includes(id));

  const toggle = (listingId: string) => {
    const next = chosenIds.includes(listingId) ? chosenIds.filter((id) => id !== listingId) : [...chosenIds, listingId].slice(0, maxTeachers);
    setStored(next);
    updateDraft({ chosenListingIds: next });
    setTeachersError(undefined);
  };

  // One submission at a time, even when two taps land before the button is disabled.
  const busy = useRef(false);
  const sendNow = async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      await checkAndSend();
    } finally {
      busy.current = false;
    }
  };
  const checkAndSend = async () => {
    if (chosenIds.length === 0) {
      setTeachersError('Tick at least one teacher to send your request to.');
      return;
    }
    const current = loadDraft();
    const values = valuesFromDraft(current);
    const studentIds = account.formProps.students?.map((student) => student.id);
    const errors = await checkRequest(values, { variant: 'many', studentIds });
    if (Object.keys(errors).length > 0) {
      setProblems(errors);
      return;
    }
    setProblems(null);
    const outcome = await send(
      values,
      chosenIds.map((listingId) => ({ listingId })),
    );
    if (outcome.errors && Object.keys(outcome.errors).length > 0) setProblems(outcome.errors);
  };

  const signedIn = account.learner !== null;
  const studentName = account.formProps.students?.find((student) => student.id === draft.student)?.name;
  return (
    <div css={stack[6]}>
      <TeacherChoices legend="Teachers near you" choices={choices} chosenIds={chosenIds} onToggle={toggle} max={maxTeachers} error={teachersError} />
      <Card>
        <h2 css={summaryHeadingStyle}>Your request</h2>
        <RequestSummary draft={draft} subject={subject} studentName={studentName} />
        <p css={changeAnswersStyle}>
          <Link to={answersPath}>Change your answers</Link>
        </p>
      </Card>
      {problems && (
        <StatusMessage tone="error" title="A few answers are missing">
          <ul css={problemListStyle}>
            {Object.values(problems).map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
          <Link to={answersPath}>Complete your answers</Link>
        </StatusMessage>
      )}
      {failure?.form && (
        <StatusMessage tone="error" title={failure.retryable ? 'Your request was not sent yet' : 'Your request could not be sent'}>
          {failure.form}
        </StatusMessage>
      )}
      {signedIn ? (
        <Button type="button" onClick={() => void sendNow()} disabled={pending} aria-busy={pending}>
          {pending ? 'Sending…' : failure?.retryable ? 'Try again' : `Send to ${teachersLabel(chosenIds.length)}`}
        </Button>
      ) : (
        <div css={stack[2]}>
          <p css={mutedText}>Sign in with your phone number to send. Your answers and choices are kept.</p>
          <LinkButton to={paths.login(here)}>Sign in to send</LinkButton>
        </div>
      )}
    </div>
  );
}

const allDays = [1, 2, 3, 4, 5, 6, 7];

function NearbyChoices({ draft }: { draft: EnquiryDraft }) {
  // Days or times not answered yet constrain nothing; the send step then asks for them.
  const matches = useTeacherMatches(
    {
      categorySlug: draft.categorySlug,
      mode: draft.mode,
      days: draft.preferredDays.length > 0 ? draft.preferredDays : allDays,
      times: draft.preferredTimes.length > 0 ? draft.preferredTimes : timesOfDay,
    },
    { enabled: true },
  );
  if (matches.isPending) return <PageLoading label="Finding teachers near you" rows={4} />;
  if (matches.isError) {
    return (
      <StatusMessage tone="error" title="Teachers near you could not be loaded" action={{ label: 'Try again', onClick: () => void matches.refetch() }}>
        {readableErrorMessage(matches.error)}
      </StatusMessage>
    );
  }
  if (matches.data.length === 0) {
    return (
      <StatusMessage title="No teachers of this subject near you yet">
        <p>
          <Link to={paths.enquiry()}>Choose another subject</Link> or <Link to={paths.search()}>search for a teacher</Link>.
        </p>
      </StatusMessage>
    );
  }
  // The API says which teachers fit what was asked and why; only those are ticked for the learner.
  const choices = matches.data.map((match) => ({
    listingId: match.listingId,
    teacherName: match.teacherName,
    title: match.title,
    detail: [match.fits ? match.reason : `Not a match: ${match.reason}`, `from ${formatPaise(match.priceFromPaise)}`].join(' · '),
  }));
  const fitting = matches.data.filter((match) => match.fits).map((match) => match.listingId);
  return (
    <>
      {fitting.length === 0 && (
        <StatusMessage title="No teacher near you fits every answer">
          <p css={noMargin}>
            Each teacher below says what does not fit. Tick the ones you would still like to ask, or <Link to={paths.enquiry()}>change your answers</Link>.
          </p>
        </StatusMessage>
      )}
      <ChooseAndSend
        draft={draft}
        choices={choices}
        subject={matches.data[0]?.category.name}
        answersPath={paths.enquiry()}
        preselected={fitting.slice(0, preselectedCount)}
      />
    </>
  );
}

/**
 * `/enquire/selectprograms`: the teachers a request goes to. For a general request
 * (`/enquiry`), the nearest teachers of the chosen subject, the first few ticked; else the
 * teachers picked on the shortlist.
 */
function SelectProgramsPage() {
  const [draft] = useState(loadDraft);
  const cards = useLearnerEnquiryDetails((state) => state.selectedCards);
  let content;
  if (draft.categorySlug) content = <NearbyChoices draft={draft} />;
  else if (cards.length > 0) {
    content = <ChooseAndSend draft={draft} choices={cards.map((card) => ({ ...card, detail: card.categoryName }))} answersPath={paths.enquireMany()} />;
  } else {
    content = (
      <StatusMessage title="Start with what you would like to learn">
        <p>
          <Link to={paths.enquiry()}>Request a class</Link> and we will show you teachers near you.
        </p>
      </StatusMessage>
    );
  }
  return (
    <PageColumn>
      <DocumentTitle>Choose teachers</DocumentTitle>
      <PageTitle>Choose teachers</PageTitle>
      {content}
    </PageColumn>
  );
}

export default learnersOnly(SelectProgramsPage);
