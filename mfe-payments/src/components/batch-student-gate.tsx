import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import * as paths from '@kalike/shared/routing/paths';
import { StatusMessage } from '@kalike/shared/ui/status-message';

import { SignInPrompt } from '@kalike/shared/ui/sign-in-prompt';
import { useSignedInLearner } from '@kalike/shared/user/use-signed-in-learner';
import { useSignedInTeacher } from '@kalike/shared/user/signed-in-as';
import { TeacherPayerNote } from './teacher-payer-note';
import { isUuid } from '@kalike/shared/domain/uuid';

interface BatchStudentGateProps {
  signInTitle: string;
  signInReason: string;
  children: (batchStudentId: string) => ReactNode;
}

/**
 * The steps keyed by `?batchStudentID` (spec §2): a link without a proper id says so without
 * calling the API; signed out, why paying needs the account and a sign-in that comes back here.
 */
export function BatchStudentGate({ signInTitle, signInReason, children }: BatchStudentGateProps) {
  const [search] = useSearchParams();
  const learner = useSignedInLearner();
  const teacher = useSignedInTeacher();
  const batchStudentId = search.get('batchStudentID');
  if (!isUuid(batchStudentId)) {
    return (
      <StatusMessage title="This payment link is not complete">
        <p>
          Open the class from <Link to={paths.classes()}>My Classes</Link>, or the link your teacher sent, again.
        </p>
      </StatusMessage>
    );
  }
  if (teacher)
    return (
      <TeacherPayerNote teacherName={teacher.name}>Class packs, balances and plan changes are chosen and paid by the family for their child.</TeacherPayerNote>
    );
  if (!learner) return <SignInPrompt title={signInTitle}>{signInReason}</SignInPrompt>;
  return <>{children(batchStudentId)}</>;
}
