import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { userStore } from '@kalike/shared/user/user-store';

import { currentUserFrom, type OtpRequested, type SignedIn } from '../features/auth/api/sign-in';
import { landingAfterSignIn } from '../features/auth/landing';
import { PhoneStep } from '../features/auth/components/phone-step';
import { CodeStep } from '../features/auth/components/code-step';

/** `/login`: phone number, then the SMS code, then back to `redirectTo` (a teacher's workspace by default). */
export default function LoginPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [sent, setSent] = useState<{ phone: string; request: OtpRequested } | null>(null);

  const onSignedIn = (result: SignedIn) => {
    userStore.getState().setUser(currentUserFrom(result));
    navigate(landingAfterSignIn(result.user, search.get('redirectTo')), { replace: true });
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
