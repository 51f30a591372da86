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
import { YourDataCard } from '../features/data-rights/components/your-data-card';
import { safeRedirect } from '@kalike/shared/routing/safe-redirect';
import { LinkButton } from '@kalike/shared/ui/link-button';
import { Card } from '@kalike/shared/ui/card';
import { colors, space } from '@kalike/shared/ui/theme';
import { signOut } from '../features/auth/api/sign-out';
import { offeredRole } from '../features/role-switch/offered-role';
import { SwitchRoleButton } from '../features/role-switch/switch-role-button';
import { afterSignInState } from '../app/after-sign-in';
import { notificationPaths, useNotificationAudience } from '../features/notifications/api/notification-audience';

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
      <Card css={roleCardStyles}>
        <h2 css={roleHeadingStyles}>Payments and receipts</h2>
        <p css={roleNoteStyles}>Every payment, refund and use of Kalike credit, with its receipt.</p>
        <LinkButton to={paths.accountPayments()} variant="secondary">
          Your payments
        </LinkButton>
      </Card>
    </>
  );
}

const signOutStyles = css({ marginTop: '2rem' });
const roleCardStyles = css({ marginTop: space(4) });
const roleHeadingStyles = css({ margin: `0 0 ${space(2)}`, fontSize: '1.1rem' });
const roleNoteStyles = css({ margin: `0 0 ${space(3)}`, color: colors.textMuted });

/** Where the person chooses how notices reach them (their current role's settings). */
function NotificationsCard() {
  const audience = useNotificationAudience();
  if (!audience) return null;
  return (
    <Card css={roleCardStyles}>
      <h2 css={roleHeadingStyles}>Notifications</h2>
      <p css={roleNoteStyles}>Choose how reminders and notices reach you: SMS, WhatsApp, or notifications on this phone.</p>
      <LinkButton to={notificationPaths[audience].settings} variant="secondary">
        Notification settings
      </LinkButton>
    </Card>
  );
}

/** The other role of the same phone, one tap away; or, for a learner who does not teach, the way to start. */
function RoleCard() {
  const user = useUserStore((state) => state.user);
  const other = offeredRole(user);
  if (!user) return null;
  return (
    <Card css={roleCardStyles}>
      <h2 css={roleHeadingStyles}>{user.userType === 'Teacher' ? 'Learning on Kalike' : 'Teaching on Kalike'}</h2>
      {other ? (
        <>
          <p css={roleNoteStyles}>
            {other === 'Teacher'
              ? 'Your number also teaches on Kalike. Switch to your teacher workspace; you stay signed in as a learner too.'
              : 'Find classes for yourself or your family with the same number. You stay signed in as a teacher too.'}
          </p>
          <SwitchRoleButton to={other} />
        </>
      ) : (
        <>
          <p css={roleNoteStyles}>Teach what you know to families near you, with enquiries, payments and attendance handled.</p>
          <LinkButton to={paths.teachJoin()} variant="secondary">
            Teach on Kalike
          </LinkButton>
        </>
      )}
    </Card>
  );
}

/** `/account`: the learner's details and students (spec §3 learnerAccount), or a teacher's details and workspace. */
export default function AccountPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const user = useUserStore((state) => state.user);
  // The active role's account: a teacher's phone may have a learner account too, shown when learning.
  const learning = user?.userType !== 'Teacher';
  const accountId = learning ? user?.learnerAccount?.id : undefined;
  const needsName = Boolean(accountId) && !user?.learnerAccount?.name;

  return (
    <PageColumn>
      <PageTitle>{needsName ? 'One more step' : 'Your account'}</PageTitle>
      {needsName && (
        <CompleteAccountForm
          onDone={() => navigate(safeRedirect(search.get('redirectTo'), paths.discover(), [paths.login()]), { replace: true, state: afterSignInState })}
        />
      )}
      {!needsName && accountId && <LearnerAccountView accountId={accountId} />}
      {!learning && user?.teacher && <TeacherAccount teacher={user.teacher} />}
      {!needsName && <NotificationsCard />}
      {!needsName && <RoleCard />}
      {!needsName && user && <YourDataCard />}
      <div css={signOutStyles}>
        <Button variant="secondary" onClick={() => void signOut().then(() => navigate(paths.home(), { replace: true }))}>
          Sign out
        </Button>
      </div>
    </PageColumn>
  );
}
