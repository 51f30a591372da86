import type { ReactNode } from 'react';
import * as paths from '@kalike/shared/routing/paths';
import { LinkButton } from '@kalike/shared/ui/link-button';
import { SignInPrompt } from '@kalike/shared/ui/sign-in-prompt';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { pageIntro } from '@kalike/shared/ui/text-styles';
import { useUserStore } from '@kalike/shared/user/user-store';
import { useSignedInTeacher, type SignedInTeacher } from '@kalike/shared/user/signed-in-as';

const selectSignedIn = (state: { user: unknown }) => state.user !== null;

/**
 * A teacher's page: signed out, how to sign in; signed in as a learner, that the page is for
 * teachers and where their own enquiries are. The shell guards `/teach` too; this keeps the
 * page honest wherever it is mounted.
 */
export function TeacherGate({ children }: { children: (teacher: SignedInTeacher) => ReactNode }) {
  const signedIn = useUserStore(selectSignedIn);
  const teacher = useSignedInTeacher();
  if (!signedIn) {
    return <SignInPrompt title="Sign in to answer your enquiries">Sign in with the phone number your Kalike teacher profile uses.</SignInPrompt>;
  }
  if (!teacher) {
    return (
      <StatusMessage title="This page is for teachers">
        <p css={pageIntro}>You are signed in as a learner. Your own enquiries to teachers are under Your enquiries.</p>
        <LinkButton to={paths.enquiries()}>Your enquiries</LinkButton>
      </StatusMessage>
    );
  }
  return <>{children(teacher)}</>;
}
