import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { userStore } from '@kalike/shared/user/user-store';
import * as paths from '@kalike/shared/routing/paths';

import { currentUserFrom, type OtpRequested, type SignedIn } from '../features/auth/api/sign-in';
import { safeRedirect } from '@kalike/shared/routing/safe-redirect';
import { PhoneStep } from '../features/auth/components/phone-step';
import { CodeStep } from '../features/auth/components/code-step';

/** `/login`: phone number, then the SMS code, then back to `redirectTo`. */
export default function LoginPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [sent, setSent] = useState<{ phone: string; request: OtpRequested } | null>(null);
  const redirectTo = safeRedirect(search.get('redirectTo'), paths.discover(), [paths.login()]);

  const onSignedIn = (result: SignedIn) => {
    userStore.getState().setUser(currentUserFrom(result));
    const needsName = result.user.userType === 'Learner' && !result.user.learnerAccount?.name;
    navigate(needsName ? `${paths.account()}?complete=1&redirectTo=${encodeURIComponent(redirectTo)}` : redirectTo, { replace: true });
  };

  return (
    <PageColumn>
      <PageTitle>Sign in to Kalike</PageTitle>
      {sent ? (
        <CodeStep
          key={sent.request.requestId}
          phone={sent.phone}
          request={sent.request}
          onResent={(request) => setSent({ phone: sent.phone, request })}
          onChangeNumber={() => setSent(null)}
          onSignedIn={onSignedIn}
        />
      ) : (
        <PhoneStep onCodeSent={(phone, request) => setSent({ phone, request })} />
      )}
    </PageColumn>
  );
}
