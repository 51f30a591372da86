import { useState } from 'react';
import { css } from '@emotion/react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import type { AttendanceStatus, RegisterStudent } from '@kalike/shared/contracts/sessions';
import { Button } from '@kalike/shared/ui/button';
import { errorText, strongText } from '@kalike/shared/ui/text-styles';
import { colors, radius, space } from '@kalike/shared/ui/theme';

import { useCorrectAttendance } from '../api/session-register';

const markLabels: Record<AttendanceStatus, string> = { attended: 'Present', missed: 'Absent' };
const other: Record<AttendanceStatus, AttendanceStatus> = { attended: 'missed', missed: 'attended' };

const boxStyle = css({ display: 'grid', gap: space(2), padding: space(2), borderRadius: radius.small, background: colors.brandSoft });
const actionsStyle = css({ display: 'flex', flexWrap: 'wrap', gap: space(2) });

/** What changing the mark does to the family's classes, in the words the API gave. */
function consequence(student: RegisterStudent, to: AttendanceStatus): string {
  return to === 'attended' ? student.standing.ifPresent : `Absent gives ${student.name}'s class back.`;
}

/**
 * Changes one marked student's mark while the window is open, after saying what the change
 * does to the family's classes. The API decides; the register is fetched again afterwards.
 */
export function MarkCorrection({ sessionId, student }: { sessionId: string; student: RegisterStudent & { attendance: AttendanceStatus } }) {
  const [confirming, setConfirming] = useState(false);
  const correct = useCorrectAttendance(sessionId, student.batchStudentId);
  const to = other[student.attendance];

  if (!confirming) {
    return (
      <div css={actionsStyle}>
        <Button type="button" variant="secondary" onClick={() => setConfirming(true)}>
          Change to {markLabels[to].toLowerCase()}
        </Button>
      </div>
    );
  }
  return (
    <div css={boxStyle}>
      <p css={strongText}>{consequence(student, to)}</p>
      <div css={actionsStyle}>
        <Button type="button" disabled={correct.isPending} onClick={() => correct.mutate({ status: to }, { onSuccess: () => setConfirming(false) })}>
          {correct.isPending ? 'Changing…' : `Mark ${markLabels[to].toLowerCase()}`}
        </Button>
        <Button type="button" variant="secondary" disabled={correct.isPending} onClick={() => setConfirming(false)}>
          Keep {markLabels[student.attendance].toLowerCase()}
        </Button>
      </div>
      {correct.isError && (
        <p role="alert" css={errorText}>
          The mark was not changed. {readableErrorMessage(correct.error)}
        </p>
      )}
    </div>
  );
}
