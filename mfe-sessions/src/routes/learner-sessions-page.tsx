import { css } from '@emotion/react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { upcomingDays } from '@kalike/shared/domain/session-values';
import * as paths from '@kalike/shared/routing/paths';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { LinkButton } from '@kalike/shared/ui/link-button';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { PageLoading } from '@kalike/shared/ui/page-loading';
import { SignInPrompt } from '@kalike/shared/ui/sign-in-prompt';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { useSignedInLearner } from '@kalike/shared/user/use-signed-in-learner';
import { pageIntro } from '@kalike/shared/ui/text-styles';
import { colors, space } from '@kalike/shared/ui/theme';

import { CalendarFeedPanel } from '../features/calendar-feed/components/calendar-feed-panel';
import { RateLastClass } from '../features/learner-updates/components/rate-last-class';
import { useUpcomingSessions } from '../features/sessions/api/get-upcoming-sessions';
import type { SessionsRole } from '../api/session-keys';
import { SessionDayList } from '../features/sessions/components/session-day-list';
import { groupSessionsByDay } from '../features/sessions/utils/session-days';
import { useViewer } from '../hooks/use-viewer';

const intro: Record<SessionsRole, string> = {
  learner: `Your family's classes for the next ${upcomingDays.default} days. Times are in Bengaluru time.`,
  teacher: `Your batches' classes for the next ${upcomingDays.default} days, with the students enrolled. Times are in Bengaluru time.`,
};

function NoSessions({ role, hasBatches }: { role: SessionsRole; hasBatches: boolean }) {
  if (hasBatches) {
    return (
      <StatusMessage title={`No classes in the next ${upcomingDays.default} days`}>
        {role === 'learner'
          ? 'Your batches have no classes scheduled in this time, for example over a holiday.'
          : 'Your batches have no classes scheduled in this time.'}
      </StatusMessage>
    );
  }
  if (role === 'teacher') {
    return <StatusMessage title="No batches yet">When you start a batch, its classes and students show up here.</StatusMessage>;
  }
  return (
    <StatusMessage title="No classes yet">
      <p css={pageIntro}>Once you join a batch, every class shows up here with its time, place and teacher.</p>
      <LinkButton to={paths.discover()}>Discover teachers near you</LinkButton>
    </StatusMessage>
  );
}

function UpcomingSessionsList({ role }: { role: SessionsRole }) {
  const upcoming = useUpcomingSessions(role);
  if (upcoming.isPending) return <PageLoading label="Loading your sessions" rows={3} rowHeight="9rem" />;
  if (upcoming.isError) {
    return (
      <StatusMessage tone="error" title="Your sessions could not be loaded" action={{ label: 'Try again', onClick: () => void upcoming.refetch() }}>
        {readableErrorMessage(upcoming.error)}
      </StatusMessage>
    );
  }
  const days = groupSessionsByDay(upcoming.data);
  if (days.length === 0) return <NoSessions role={role} hasBatches={upcoming.data.batches.length > 0} />;
  return <SessionDayList days={days} role={role} />;
}

const introStyle = css({ margin: `0 0 ${space(4)}`, color: colors.textMuted });

/** `/learner/sessions` (tab "Sessions"): the family's upcoming classes, or a teacher's own, by Bengaluru day. */
export default function LearnerSessionsPage() {
  const viewer = useViewer();
  const learnerAccountId = useSignedInLearner()?.accountId ?? null;
  return (
    <PageColumn>
      <DocumentTitle>Sessions</DocumentTitle>
      <PageTitle>Sessions</PageTitle>
      {viewer === 'signed-out' ? (
        <SignInPrompt title="Sign in to see your sessions">
          Your classes are kept in your Kalike account: sign in with your phone number to see when and where each one is.
        </SignInPrompt>
      ) : (
        <>
          <p css={introStyle}>{intro[viewer]}</p>
          {viewer === 'learner' && learnerAccountId && <RateLastClass learnerAccountId={learnerAccountId} />}
          <CalendarFeedPanel audience={viewer} />
          <UpcomingSessionsList role={viewer} />
        </>
      )}
    </PageColumn>
  );
}
