import { useEffect } from 'react';
import { css } from '@emotion/react';
import { Navigate, useNavigate } from 'react-router-dom';
import { queryClient } from '@kalike/shared/query/query-client';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import * as paths from '@kalike/shared/routing/paths';
import type { TeacherJoinResponse } from '@kalike/shared/contracts/teacher-joining';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { LinkButton } from '@kalike/shared/ui/link-button';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { Card } from '@kalike/shared/ui/card';
import { useUserStore, userStore } from '@kalike/shared/user/user-store';
import { colors, space } from '@kalike/shared/ui/theme';

import { TeachingOffer } from '../features/teacher-joining/components/teaching-offer';
import { JoinForm } from '../features/teacher-joining/components/join-form';
import { PlacePicker } from '../features/location/components/place-picker';
import { useSwitchRole } from '../features/role-switch/use-switch-role';

const introStyles = css({ color: colors.textMuted, margin: `0 0 ${space(4)}` });
const sectionsStyles = css({ display: 'grid', gap: space(4) });
const headingStyles = css({ margin: `0 0 ${space(3)}`, fontSize: '1.1rem' });
const noteStyles = css({ margin: `0 0 ${space(3)}` });

/** A phone that already teaches: straight to its teacher sign-in (stored, or asked for), then the workspace. */
function SwitchingToTeaching() {
  const switching = useSwitchRole();
  const { mutate } = switching;
  useEffect(() => {
    mutate('Teacher');
  }, [mutate]);
  if (switching.isError) {
    return (
      <StatusMessage tone="error" title="Your teacher workspace could not be opened" action={{ label: 'Try again', onClick: () => mutate('Teacher') }}>
        {readableErrorMessage(switching.error)}
      </StatusMessage>
    );
  }
  return <StatusMessage title="You already teach on Kalike">Opening your teacher workspace…</StatusMessage>;
}

/**
 * `/teach-on-kalike`: what teaching on Kalike gives and costs, then sign-in with the phone,
 * then the join form. Joining adds a teacher sign-in beside the learner's and opens `/teach`.
 */
export default function TeachJoinPage() {
  const navigate = useNavigate();
  const user = useUserStore((state) => state.user);

  if (user?.userType === 'Teacher') return <Navigate to={paths.teach()} replace />;

  const onJoined = ({ user: teacherUser, tokens }: TeacherJoinResponse) => {
    userStore.getState().addSignIn(teacherUser, { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
    // The learner's cached data must never show in the workspace.
    queryClient.clear();
    navigate(paths.teach());
  };

  return (
    <PageColumn>
      <DocumentTitle>Teach on Kalike</DocumentTitle>
      <PageTitle>Teach on Kalike</PageTitle>
      <p css={introStyles}>Families in Bengaluru look for teachers near them on Kalike. Join with your phone number; it takes a minute.</p>
      <div css={sectionsStyles}>
        <TeachingOffer />
        {!user && (
          <Card>
            <h2 css={headingStyles}>Join with your phone</h2>
            <p css={noteStyles}>
              Sign in with your mobile number. Already learning on Kalike? Use the same number: you can switch between learning and teaching.
            </p>
            <LinkButton to={paths.login(paths.teachJoin())}>Sign in to join</LinkButton>
          </Card>
        )}
        {user?.userType === 'Learner' && user.teacher && <SwitchingToTeaching />}
        {user?.userType === 'Learner' && !user.teacher && (
          <Card>
            <h2 css={headingStyles}>About you</h2>
            <JoinForm defaultName={user.learnerAccount?.name ?? ''} renderPlacePicker={(onChoose) => <PlacePicker onChoose={onChoose} />} onJoined={onJoined} />
          </Card>
        )}
      </div>
    </PageColumn>
  );
}
