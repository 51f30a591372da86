import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { SectionErrorBoundary } from '@kalike/shared/errors/section-error-boundary';
import * as paths from '@kalike/shared/routing/paths';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { LinkButton } from '@kalike/shared/ui/link-button';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { SignInPrompt } from '@kalike/shared/ui/sign-in-prompt';
import { SkeletonBlock } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { pageIntro, spacedSectionHeading } from '@kalike/shared/ui/text-styles';
import { space } from '@kalike/shared/ui/theme';

import { useLearnerBalances } from '../features/classes/api/get-learner-balances';
import { LearnerUpdateList } from '../features/learner-updates/components/learner-update-list';
import { ReferralCard } from '../features/referrals/components/referral-card';
import { ClassUpdatesFeed } from '../features/updates/components/class-updates-feed';
import { useViewer } from '../hooks/use-viewer';

const feedSectionStyle = css({ marginBottom: space(8) });

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} css={feedSectionStyle}>
      <h2 id={id} css={spacedSectionHeading}>
        {title}
      </h2>
      {/* A part that fails to draw says so with a retry; the other parts stay. */}
      <SectionErrorBoundary title={`${title} could not be shown`}>{children}</SectionErrorBoundary>
    </section>
  );
}

/** The referral card of the family's first active enrolment; no section at all before there is one. */
function ReferralSection() {
  const enrolments = useLearnerBalances({ enabled: true });
  const title = 'Invite a family';
  if (enrolments.isPending) {
    return (
      <Section id="updates-referral" title={title}>
        <SkeletonBlock height="9rem" role="status" aria-label="Loading your referral code" />
      </Section>
    );
  }
  if (enrolments.isError) {
    return (
      <Section id="updates-referral" title={title}>
        <StatusMessage tone="error" title="Your referral code could not be loaded" action={{ label: 'Try again', onClick: () => void enrolments.refetch() }}>
          {readableErrorMessage(enrolments.error)}
        </StatusMessage>
      </Section>
    );
  }
  const first = enrolments.data.find((enrolment) => enrolment.batchStudent.status === 'active');
  if (!first) return null;
  return (
    <Section id="updates-referral" title={title}>
      <ReferralCard batchId={first.batchStudent.batch.id} batchStudentId={first.batchStudent.id} />
    </Section>
  );
}

function TeacherNote() {
  return (
    <StatusMessage title="My Updates is the learner's view">
      <p css={pageIntro}>Families see ratings to give, payment requests and replies to their enquiries here.</p>
      <LinkButton to={paths.learnerSessions()}>Go to Sessions</LinkButton>
    </StatusMessage>
  );
}

/**
 * `/updates` (tab "My Updates"): for a signed-in family, what needs their attention and
 * their referral code; for everyone, teachers' public updates.
 */
export default function UpdatesPage() {
  const viewer = useViewer();
  return (
    <PageColumn>
      <DocumentTitle>My Updates</DocumentTitle>
      <PageTitle>My Updates</PageTitle>
      {viewer === 'learner' && (
        <>
          <Section id="updates-for-you" title="For your family">
            <LearnerUpdateList />
          </Section>
          <ReferralSection />
        </>
      )}
      {viewer === 'signed-out' && (
        <div css={feedSectionStyle}>
          <SignInPrompt title="Sign in for your own updates">
            Rate your classes, see teachers' payment requests and replies to your enquiries, hear about cancelled classes, and invite other families with your
            referral code.
          </SignInPrompt>
        </div>
      )}
      {viewer === 'teacher' && (
        <div css={feedSectionStyle}>
          <TeacherNote />
        </div>
      )}
      <Section id="updates-near-you" title="From teachers near you">
        <ClassUpdatesFeed />
      </Section>
    </PageColumn>
  );
}
