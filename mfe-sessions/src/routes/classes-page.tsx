import { Link } from 'react-router-dom';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import * as paths from '@kalike/shared/routing/paths';
import { CardList } from '@kalike/shared/ui/card';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { LinkButton } from '@kalike/shared/ui/link-button';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { PageLoading } from '@kalike/shared/ui/page-loading';
import { SignInPrompt } from '@kalike/shared/ui/sign-in-prompt';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { pageIntro } from '@kalike/shared/ui/text-styles';
import { centredWrapRow } from '@kalike/shared/ui/layout-styles';

import { useClassReports } from '../features/classes/api/class-reports';
import { useLearnerBalances } from '../features/classes/api/get-learner-balances';
import { EnrolmentCard } from '../features/classes/components/enrolment-card';
import { nextClassOf } from '../features/classes/utils/next-class';
import { useUpcomingSessions } from '../features/sessions/api/get-upcoming-sessions';
import { useIstToday, useMinuteClock } from '../hooks/use-minute-clock';
import { useViewer } from '../hooks/use-viewer';

function Enrolments() {
  const today = useIstToday();
  const enrolments = useLearnerBalances({ enabled: true });
  // Recent classes are an extra on each card: while they load, or if they fail, the cards show without them.
  const classes = useClassReports({ enabled: true }).data ?? [];
  // So are the next class and its place, read from the family's upcoming sessions (the Sessions tab's own query).
  const upcoming = useUpcomingSessions('learner').data;
  const nowMs = useMinuteClock();
  if (enrolments.isPending) return <PageLoading label="Loading your classes" rows={2} rowHeight="12rem" />;
  if (enrolments.isError) {
    return (
      <StatusMessage tone="error" title="Your classes could not be loaded" action={{ label: 'Try again', onClick: () => void enrolments.refetch() }}>
        {readableErrorMessage(enrolments.error)}
      </StatusMessage>
    );
  }
  if (enrolments.data.length === 0) {
    return (
      <StatusMessage title="No classes yet">
        <p css={pageIntro}>
          When a teacher enrols you in a batch, it shows up here with its class pack and payments. Follow your enquiries, or find a teacher near you.
        </p>
        <div css={centredWrapRow}>
          <LinkButton to={paths.enquiries()}>Your enquiries</LinkButton>
          <LinkButton to={paths.discover()} variant="secondary">
            Discover teachers
          </LinkButton>
        </div>
      </StatusMessage>
    );
  }
  return (
    <CardList aria-label="Your classes">
      {enrolments.data.map((enrolment) => (
        <li key={enrolment.batchStudent.id}>
          <EnrolmentCard
            enrolment={enrolment}
            today={today}
            classes={classes.filter((line) => line.batchStudentId === enrolment.batchStudent.id)}
            nextClass={upcoming ? nextClassOf(upcoming, enrolment.batchStudent.id, nowMs) : undefined}
          />
        </li>
      ))}
    </CardList>
  );
}

function TeacherNote() {
  return (
    <StatusMessage title="My Classes is the learner's view">
      <p css={pageIntro}>Families see their class packs, classes left and payments here. Your batches' classes and students are on Sessions.</p>
      <LinkButton to={paths.learnerSessions()}>Go to Sessions</LinkButton>
    </StatusMessage>
  );
}

/** `/classes` (tab "My Classes"): each enrolment with its next class and place, its class pack, what is left, and the payment step due. */
export default function ClassesPage() {
  const viewer = useViewer();
  return (
    <PageColumn>
      <DocumentTitle>My Classes</DocumentTitle>
      <PageTitle>My Classes</PageTitle>
      {viewer === 'learner' && <Enrolments />}
      {viewer === 'learner' && <Link to={paths.accountPayments()}>All payments and receipts</Link>}
      {viewer === 'teacher' && <TeacherNote />}
      {viewer === 'signed-out' && (
        <SignInPrompt title="Sign in to see your classes">
          My Classes shows every batch your family is enrolled in: classes left in each pack, until when it is valid, what is due, and renewing or changing
          plan. Sign in with your phone number to see them.
        </SignInPrompt>
      )}
    </PageColumn>
  );
}
