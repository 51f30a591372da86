import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import * as paths from '@kalike/shared/routing/paths';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { pageIntro } from '@kalike/shared/ui/text-styles';

/**
 * A teacher on a learner's payment page: paying, joining and receipts belong to the family's
 * account, so instead of a Pay button that would be refused, what this page is for and where the
 * teacher's own side is. `children` says what this page does for the family.
 */
export function TeacherPayerNote({ teacherName, children }: { teacherName: string; children: ReactNode }) {
  return (
    <StatusMessage title="Payments are made by the family">
      <p css={pageIntro}>
        You are signed in as {teacherName}, a teacher. {children} To pay as a parent or student, sign out and sign in with their phone number.
      </p>
      <Link to={paths.teachPayments()}>Your payment requests and earnings</Link>
    </StatusMessage>
  );
}
