import type { UseFormReturn } from 'react-hook-form';
import { formField, formHint, formInput } from '@kalike/shared/ui/form/form-css';
import { labelStyles } from '@kalike/shared/ui/form/form-styles';

import type { RequestFieldHelp } from '../hooks/use-request-field-help';
import type { RequestValues } from '../utils/request-rules';
import type { ChoiceOption } from './choice-option';

/** Which of the teacher's programs, when the learner knows. */
export function ProgramField({ form, help, programs }: { form: UseFormReturn<RequestValues>; help: RequestFieldHelp; programs: readonly ChoiceOption[] }) {
  const { fieldId, describedBy, errorOf } = help;
  return (
    <div css={formField}>
      <label htmlFor={fieldId('programId')} css={labelStyles}>
        Which program? <span css={formHint}>(optional)</span>
      </label>
      <select
        id={fieldId('programId')}
        aria-invalid={Boolean(form.formState.errors.programId)}
        aria-describedby={describedBy('programId')}
        css={formInput}
        {...form.register('programId')}
      >
        <option value="">Not sure yet</option>
        {programs.map((program) => (
          <option key={program.id} value={program.id}>
            {program.hint ? `${program.name} (${program.hint})` : program.name}
          </option>
        ))}
      </select>
      {errorOf('programId')}
    </div>
  );
}
