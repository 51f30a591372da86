import { css } from '@emotion/react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { Button } from '@kalike/shared/ui/button';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { useUserStore } from '@kalike/shared/user/user-store';
import * as paths from '@kalike/shared/routing/paths';

import { useLearnerAccount } from '@kalike/shared/learner-account/learner-account-api';
import { AccountDetails } from '../features/account/components/account-details';
import { CompleteAccountForm } from '../features/account/components/complete-account-form';
import { StudentsSection } from '../features/account/components/students-section';
import { TeacherAccount } from '../features/account/components/teacher-account';
import { safeRedirect } from '@kalike/shared/routing/safe-redirect';
import { signOut } from '../features/auth/api/sign-out';

function LearnerAccountView({ accountId }: { accountId: string }) {
  const account = useLearnerAccount(accountId);
  if (account.isPending) return <SkeletonList rows={3} rowHeight="4rem" label="Loading your account" />;
  if (account.isError) {
    return (
      <StatusMessage tone="error" title="Your account could not be loaded" action={{ label: 'Try again', onClick: () => void account.refetch() }}>
        {readableErrorMessage(account.error)}
      </StatusMessage>
    );
  }
  return (
    <>
      <AccountDetails account={account.data} />
      <StudentsSection account={account.data} />
    </>
  );
}

const signOutStyles = css({ marginTop: '2rem' });

/** `/account`: the learner's details and students (spec §3 learnerAccount), or a teacher's details and workspace. */
export default function AccountPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const user = useUserStore((state) => state.user);
  const accountId = user?.learnerAccount?.id;
  const needsName = Boolean(accountId) && !user?.learnerAccount?.name;

  return (
    <PageColumn>
      <PageTitle>{needsName ? 'One more step' : 'Your account'}</PageTitle>
      {needsName && (
        <CompleteAccountForm onDone={() => navigate(safeRedirect(search.get('redirectTo'), paths.discover(), [paths.login()]), { replace: true })} />
      )}
      {!needsName && accountId && <LearnerAccountView accountId={accountId} />}
      {!accountId && user?.teacher && <TeacherAccount teacher={user.teacher} />}
      <div css={signOutStyles}>
        <Button variant="secondary" onClick={() => void signOut().then(() => navigate(paths.home(), { replace: true }))}>
          Sign out
        </Button>
      </div>
    </PageColumn>
  );
}
