import type { ReactNode } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { css } from '@emotion/react';
import { FieldGroup } from '@kalike/shared/ui/form/field';
import { formHint, formOptionRow } from '@kalike/shared/ui/form/form-css';
import { TextField } from '@kalike/shared/ui/form/registered-fields';
import { hintText } from '@kalike/shared/ui/text-styles';
import { colors, space } from '@kalike/shared/ui/theme';

import type { RequestValues } from '../utils/request-rules';
import type { ChoiceOption } from './choice-option';

const newStudentStyle = css({ display: 'grid', gap: space(3), paddingLeft: space(4), borderLeft: `3px solid ${colors.brandSoft}` });

interface StudentSectionProps {
  form: UseFormReturn<RequestValues>;
  /** The account's students; undefined while unknown (signed out, loading or failed). */
  students: readonly ChoiceOption[] | undefined;
  /** Shown in place of the students while they are unknown. */
  studentsNote?: ReactNode;
  canAddChild: boolean;
}

/** Who the class is for: one of the account's students, the learner, or a child added here. */
export function StudentSection({ form, students, studentsNote, canAddChild }: StudentSectionProps) {
  const { errors } = form.formState;
  const student = useWatch({ control: form.control, name: 'student' });
  return (
    <FieldGroup legend="Who is the class for?" error={errors.student?.message}>
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
      {student === 'new' && canAddChild && (
        <div css={newStudentStyle}>
          <TextField
            label="Child's name"
            autoComplete="off"
            maxLength={80}
            error={errors.newStudentName?.message}
            registration={form.register('newStudentName')}
          />
          <TextField
            label={
              <>
                Date of birth <span css={formHint}>(optional)</span>
              </>
            }
            type="date"
            error={errors.newStudentDateOfBirth?.message}
            registration={form.register('newStudentDateOfBirth')}
          />
        </div>
      )}
    </FieldGroup>
  );
}
