import { useState } from 'react';
import { css } from '@emotion/react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { rootKeys } from '@kalike/shared/query/query-keys';
import { shortlistIntentOf } from '@kalike/shared/routing/shortlist-sign-in';
import { space } from '@kalike/shared/ui/theme';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { userStore } from '@kalike/shared/user/user-store';

import { currentUserFrom, type OtpRequested, type SignedIn } from '../features/auth/api/sign-in';
import { landingAfterSignIn, landingNeedsUpdates } from '../features/auth/landing';
import { somethingWaitsForFamily } from '../features/auth/api/waiting-updates';
import { shortlistAfterSignIn } from '../features/auth/api/shortlist-intent';
import { afterSignInState, signInFromParam } from '../app/after-sign-in';
import { PhoneStep } from '../features/auth/components/phone-step';
import { CodeStep } from '../features/auth/components/code-step';

const reasonStyles = css({ margin: `0 0 ${space(4)}` });

/**
 * `/login`: phone number, then the SMS code, then on to what waits (features/auth/landing.ts).
 * Sent here by a tap on a teacher's heart, it says why, and shortlists that teacher once the
 * person is in (a family's new account too), before taking them back.
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const [sent, setSent] = useState<{ phone: string; request: OtpRequested } | null>(null);
  const shortlistId = shortlistIntentOf(search);

  const onSignedIn = async (result: SignedIn) => {
    userStore.getState().setUser(currentUserFrom(result));
    // Only a family has a shortlist; a teacher signing in is not offered the heart at all.
    if (shortlistId && result.user.userType === 'Learner') {
      await shortlistAfterSignIn(shortlistId);
      await queryClient.invalidateQueries({ queryKey: rootKeys.listings });
    }
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
      {shortlistId && (
        <p css={reasonStyles}>Sign in to save teachers to your shortlist. The teacher you chose is added as soon as you are in, and you come back to them.</p>
      )}
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
