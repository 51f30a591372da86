import type { ReactNode } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { css } from '@emotion/react';
import { formField, formFieldset, formHint, formInput, formLegend, formOptionRow } from '@kalike/shared/ui/form/form-css';
import { labelStyles } from '@kalike/shared/ui/form/form-styles';
import { hintText } from '@kalike/shared/ui/text-styles';
import { colors, space } from '@kalike/shared/ui/theme';

import type { RequestFieldHelp } from '../hooks/use-request-field-help';
import type { RequestValues } from '../utils/request-rules';
import type { ChoiceOption } from './choice-option';

const newStudentStyle = css({ display: 'grid', gap: space(3), paddingLeft: space(4), borderLeft: `3px solid ${colors.brandSoft}` });

interface StudentSectionProps {
  form: UseFormReturn<RequestValues>;
  help: RequestFieldHelp;
  /** The account's students; undefined while unknown (signed out, loading or failed). */
  students: readonly ChoiceOption[] | undefined;
  /** Shown in place of the students while they are unknown. */
  studentsNote?: ReactNode;
  canAddChild: boolean;
}

/** Who the class is for: one of the account's students, the learner, or a child added here. */
export function StudentSection({ form, help, students, studentsNote, canAddChild }: StudentSectionProps) {
  const { fieldId, describedBy, errorOf } = help;
  const { errors } = form.formState;
  const student = useWatch({ control: form.control, name: 'student' });
  return (
    <fieldset css={formFieldset} aria-describedby={describedBy('student')}>
      <legend css={formLegend}>Who is the class for?</legend>
      {students?.map((option) => (
        <label key={option.id} css={formOptionRow}>
          <input type="radio" value={option.id} {...form.register('student')} />
          {option.name}
        </label>
      ))}
      {studentsNote && <p css={hintText}>{studentsNote}</p>}
      <label css={formOptionRow}>
        <input type="radio" value="self" {...form.register('student')} />
        Myself
      </label>
      {canAddChild && (
        <label css={formOptionRow}>
          <input type="radio" value="new" {...form.register('student')} />
          Add a child
        </label>
      )}
      {errorOf('student')}
      {student === 'new' && canAddChild && (
        <div css={newStudentStyle}>
          <div css={formField}>
            <label htmlFor={fieldId('newStudentName')} css={labelStyles}>
              Child's name
            </label>
            <input
              id={fieldId('newStudentName')}
              autoComplete="off"
              maxLength={80}
              aria-invalid={Boolean(errors.newStudentName)}
              aria-describedby={describedBy('newStudentName')}
              css={formInput}
              {...form.register('newStudentName')}
            />
            {errorOf('newStudentName')}
          </div>
          <div css={formField}>
            <label htmlFor={fieldId('newStudentDateOfBirth')} css={labelStyles}>
              Date of birth <span css={formHint}>(optional)</span>
            </label>
            <input
              id={fieldId('newStudentDateOfBirth')}
              type="date"
              aria-invalid={Boolean(errors.newStudentDateOfBirth)}
              aria-describedby={describedBy('newStudentDateOfBirth')}
              css={formInput}
              {...form.register('newStudentDateOfBirth')}
            />
            {errorOf('newStudentDateOfBirth')}
          </div>
        </div>
      )}
    </fieldset>
  );
}
