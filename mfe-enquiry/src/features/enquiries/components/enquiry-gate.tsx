import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { Enquiry } from '@kalike/shared/contracts/enquiries';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import * as paths from '@kalike/shared/routing/paths';
import { StatusMessage } from '@kalike/shared/ui/status-message';

import { PageLoading } from '@kalike/shared/ui/page-loading';
import { SignInPrompt } from '@kalike/shared/ui/sign-in-prompt';
import { isEnquiryNotFound, useEnquiry } from '../api/get-enquiry';
import { useSignedInLearner } from '@kalike/shared/user/use-signed-in-learner';
import { useSignedInTeacher } from '@kalike/shared/user/signed-in-as';
import { isUuid } from '@kalike/shared/domain/uuid';

interface EnquiryGateProps {
  enquiryId: string;
  /** Why the page needs the learner signed in, for the signed-out state. */
  signInTitle: string;
  signInReason: string;
  loadingLabel: string;
  children: (enquiry: Enquiry) => ReactNode;
}

/**
 * A page about one of the learner's enquiries: signed out, why and how to sign in; while
 * loading, its skeleton; an id that is not the learner's (or not an id), the shell's
 * not-found page; a failure, what went wrong with a retry; else the page.
 */
export function EnquiryGate({ enquiryId, signInTitle, signInReason, loadingLabel, children }: EnquiryGateProps) {
  const learner = useSignedInLearner();
  const teacher = useSignedInTeacher();
  const validId = isUuid(enquiryId);
  const enquiry = useEnquiry(enquiryId, { enabled: learner !== null && teacher === null && validId });
  // A teacher following a learner's link (or an old text) answers the enquiry on her own side.
  if (teacher && validId) return <Navigate to={paths.teachEnquiry(enquiryId)} replace />;
  if (!learner) return <SignInPrompt title={signInTitle}>{signInReason}</SignInPrompt>;
  if (!validId || (enquiry.isError && isEnquiryNotFound(enquiry.error))) return <Navigate to={paths.notFound()} replace />;
  if (enquiry.isPending) return <PageLoading label={loadingLabel} rows={4} />;
  if (enquiry.isError) {
    return (
      <StatusMessage tone="error" title="This enquiry could not be loaded" action={{ label: 'Try again', onClick: () => void enquiry.refetch() }}>
        {readableErrorMessage(enquiry.error)}
      </StatusMessage>
    );
  }
  return <>{children(enquiry.data)}</>;
}
