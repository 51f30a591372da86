import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { userStore } from '@kalike/shared/user/user-store';

import { currentUserFrom, type OtpRequested, type SignedIn } from '../features/auth/api/sign-in';
import { landingAfterSignIn, landingNeedsUpdates } from '../features/auth/landing';
import { somethingWaitsForFamily } from '../features/auth/api/waiting-updates';
import { afterSignInState, signInFromParam } from '../app/after-sign-in';
import { PhoneStep } from '../features/auth/components/phone-step';
import { CodeStep } from '../features/auth/components/code-step';

/** `/login`: phone number, then the SMS code, then on to what waits (features/auth/landing.ts). */
export default function LoginPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [sent, setSent] = useState<{ phone: string; request: OtpRequested } | null>(null);

  const onSignedIn = async (result: SignedIn) => {
    userStore.getState().setUser(currentUserFrom(result));
    const redirectTo = search.get('redirectTo');
    const somethingWaits = landingNeedsUpdates(result.user, redirectTo) && (await somethingWaitsForFamily());
    await navigate(landingAfterSignIn(result.user, redirectTo, { from: search.get(signInFromParam), somethingWaits }), {
      replace: true,
      state: afterSignInState,
    });
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
