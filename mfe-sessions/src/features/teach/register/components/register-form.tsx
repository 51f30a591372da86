import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { css } from '@emotion/react';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import type { AttendanceStatus, RegisterStudent, SessionRegister } from '@kalike/shared/contracts/sessions';
import { Button } from '@kalike/shared/ui/button';
import { formChip, formChipRow } from '@kalike/shared/ui/form/form-css';
import { stack } from '@kalike/shared/ui/layout-styles';
import { formatDateTime } from '@kalike/shared/format/dates';
import { useNow } from '@kalike/shared/hooks/use-now';
import { errorText, mutedText, noMargin, smallMutedText } from '@kalike/shared/ui/text-styles';
import { colors, font, radius, space } from '@kalike/shared/ui/theme';

import { useMarkAttendance } from '../api/session-register';
import { MarkCorrection } from './mark-correction';

const markLabels: Record<AttendanceStatus, string> = { attended: 'Present', missed: 'Absent' };

const listStyle = css({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: space(3) });
const rowStyle = css({
  display: 'grid',
  gap: space(2),
  padding: space(3),
  border: `1px solid ${colors.border}`,
  borderRadius: radius.medium,
  background: colors.surface,
  minWidth: 0,
});
const fieldsetStyle = css({ border: 0, margin: 0, padding: 0, minWidth: 0, '& > * + *': { marginTop: space(2) } });
const nameStyle = css({ padding: 0, fontWeight: 700, fontSize: font.size.body, overflowWrap: 'anywhere' });
const markedNameStyle = css(noMargin, nameStyle);
const flagStyle = css({
  margin: 0,
  padding: `${space(1)} ${space(2)}`,
  borderRadius: radius.small,
  fontWeight: 600,
  background: colors.dangerSoft,
  color: colors.danger,
});
const lastClassStyle = css(flagStyle, { background: colors.brandSoft, color: colors.brandDark });
const savedStyle = css({ margin: 0, fontWeight: 600, color: colors.success });
const usesStyle = css({ margin: 0, fontWeight: 600, color: colors.brandDark });

/** Where the student stands before marking: the server's flag when there is something to raise, else the classes left. */
function Standing({ student }: { student: RegisterStudent }) {
  const { flag, classesLeft, queuedPacks } = student.standing;
  if (flag) return <p css={flag.kind === 'last_class' ? lastClassStyle : flagStyle}>{flag.message}</p>;
  // Classes left count the paid pack waiting behind the one in use too; say it is there.
  const waiting = queuedPacks.length > 0 ? ` · next pack of ${queuedPacks[0]?.classesTotal ?? 0} waiting` : '';
  return <p css={smallMutedText}>{`${classesLeft} ${classesLeft === 1 ? 'class' : 'classes'} left${waiting}`}</p>;
}

/** A marked student, with a way to change the mark while the API still takes corrections. */
function MarkedRow({ student, sessionId, correctable }: { student: RegisterStudent; sessionId: string; correctable: boolean }) {
  const { attendance } = student;
  return (
    <div css={rowStyle}>
      <p css={markedNameStyle}>{student.name}</p>
      <Standing student={student} />
      {attendance && <p css={mutedText}>Marked {markLabels[attendance].toLowerCase()}</p>}
      {attendance && correctable && <MarkCorrection sessionId={sessionId} student={{ ...student, attendance }} />}
    </div>
  );
}

/** Until when marks can be changed, as the last minute of the window the API gave. */
function correctionNote(until: string | null): string | null {
  if (!until) return null;
  return `A mark can be changed until ${formatDateTime(new Date(new Date(until).getTime() - 60_000).toISOString())}; after that, the family asks Kalike for a refund.`;
}

/**
 * The register: each student with where they stand, and Present/Absent for those not yet
 * marked while the class is open. Choosing Present says what it uses (a class of the pack, or
 * money owed) before saving. A marked student's mark can be changed one at a time while the
 * API's window is open; a student who joined later can still be marked.
 */
export function RegisterForm({ register }: { register: SessionRegister }) {
  const sessionId = register.session.id;
  // Keyed by batch student: a radio pair per student not yet marked.
  const form = useForm<{ marks: Record<string, AttendanceStatus | null> }>({ defaultValues: { marks: {} } });
  const marks = useWatch({ control: form.control, name: 'marks' });
  const [saved, setSaved] = useState<string | null>(null);
  const save = useMarkAttendance(sessionId);
  const open = register.marking.open;
  const until = register.marking.correctableUntil;
  // The browser's clock only hides the button; the API refuses a late correction with its reason.
  const now = useNow(60_000);
  const correctable = until !== null && now < new Date(until).getTime();
  const unmarked = register.students.filter((student) => student.attendance === null);
  const chosen = Object.entries(marks).flatMap(([id, status]): Array<[string, AttendanceStatus]> =>
    status && unmarked.some((student) => student.batchStudentId === id) ? [[id, status]] : [],
  );

  if (register.students.length === 0) {
    return (
      <p css={mutedText}>
        {register.session.demoStudents?.length
          ? 'No students are enrolled in this batch yet; demo students have no register to mark.'
          : 'No students are enrolled in this batch yet.'}
      </p>
    );
  }

  const submit = form.handleSubmit(() => {
    if (chosen.length === 0) return;
    setSaved(null);
    save.mutate(
      { records: chosen.map(([batchStudentId, status]) => ({ batchStudentId, status })) },
      {
        onSuccess: (result) => {
          const present = result.records.filter((record) => record.status === 'attended').length;
          setSaved(`Register saved: ${present} present, ${result.records.length - present} absent. Classes left are updated below.`);
          form.reset({ marks: {} });
        },
      },
    );
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate css={stack[3]} aria-label="Register">
      {!open && register.marking.message && <p css={mutedText}>{register.marking.message}</p>}
      <ul css={listStyle}>
        {register.students.map((student) => (
          <li key={student.batchStudentId}>
            {open && student.attendance === null ? (
              <div css={rowStyle}>
                <fieldset css={fieldsetStyle}>
                  <legend css={nameStyle}>{student.name}</legend>
                  <Standing student={student} />
                  <div css={formChipRow}>
                    {(['attended', 'missed'] as const).map((status) => (
                      <label key={status} css={formChip}>
                        <input type="radio" value={status} disabled={save.isPending} {...form.register(`marks.${student.batchStudentId}`)} />
                        {markLabels[status]}
                      </label>
                    ))}
                  </div>
                  {marks[student.batchStudentId] === 'attended' && <p css={usesStyle}>{student.standing.ifPresent}</p>}
                </fieldset>
              </div>
            ) : (
              <MarkedRow student={student} sessionId={sessionId} correctable={correctable} />
            )}
          </li>
        ))}
      </ul>
      {open && <p css={smallMutedText}>{correctionNote(until)}</p>}
      {open && unmarked.length > 0 && (
        <Button type="submit" disabled={chosen.length === 0 || save.isPending}>
          {save.isPending ? 'Saving…' : `Save register (${chosen.length} marked)`}
        </Button>
      )}
      {save.isError && (
        <p role="alert" css={errorText}>
          The register was not saved. {readableErrorMessage(save.error)}
        </p>
      )}
      <div role="status">{saved && <p css={savedStyle}>{saved}</p>}</div>
    </form>
  );
}
