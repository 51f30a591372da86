import { css } from '@emotion/react';
import { useWatch } from 'react-hook-form';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { classNotHeldNoteMaxLength } from '@kalike/shared/domain/refund-policy';
import { Button } from '@kalike/shared/ui/button';
import { TextAreaField } from '@kalike/shared/ui/form/registered-fields';
import { useCheckedForm } from '@kalike/shared/ui/form/use-checked-form';
import { space } from '@kalike/shared/ui/theme';

import { useReportClass } from '../api/class-reports';

const formStyles = css({ display: 'grid', gap: space(2), marginTop: space(2) });
const textareaCss = css({ minHeight: '4.5rem', resize: 'vertical', fontFamily: 'inherit', boxSizing: 'border-box' });
const actionsCss = css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: space(2) });

/** Characters as a person counts them, as the API counts them. */
const lengthOf = (text: string) => [...text].length;

/** What is wrong with a note before it is sent; null when it can go (a note is optional). */
export function noteProblem(text: string): string | null {
  return lengthOf(text.trim()) > classNotHeldNoteMaxLength ? `A note can be at most ${classNotHeldNoteMaxLength} characters` : null;
}

/** "The class did not happen": a short, optional note, checked here and by the API, sent to Kalike. */
export function ReportClassForm({
  batchStudentId,
  sessionId,
  classLabel,
  onClose,
}: {
  batchStudentId: string;
  sessionId: string;
  classLabel: string;
  onClose: () => void;
}) {
  const { form, register } = useCheckedForm<{ note: string }>({ defaultValues: { note: '' } });
  const note = useWatch({ control: form.control, name: 'note' });
  const report = useReportClass();
  const error = form.formState.errors.note?.message ?? (report.isError ? readableErrorMessage(report.error) : null);
  const left = classNotHeldNoteMaxLength - lengthOf(note.trim());

  const onSubmit = form.handleSubmit((values) => {
    if (report.isPending) return;
    const text = values.note.trim();
    report.mutate({ batchStudentId, sessionId, ...(text ? { note: text } : {}) }, { onSuccess: onClose });
  });

  return (
    <form css={formStyles} onSubmit={(event) => void onSubmit(event)} noValidate aria-label={`Report the class on ${classLabel}`}>
      <TextAreaField
        label="What happened? (optional)"
        hint={`Kalike checks with the teacher and tells you. ${left >= 0 ? `${left} characters left.` : `${-left} characters too many.`}`}
        error={error}
        css={textareaCss}
        registration={register('note', { validate: (value) => noteProblem(value) ?? true })}
      />
      <div css={actionsCss}>
        <Button type="button" variant="secondary" onClick={onClose}>
          Back
        </Button>
        <Button type="submit" disabled={report.isPending}>
          {report.isPending ? 'Sending…' : 'Report the class'}
        </Button>
      </div>
    </form>
  );
}
