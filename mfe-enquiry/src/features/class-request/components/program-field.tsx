import type { UseFormReturn } from 'react-hook-form';
import { formHint } from '@kalike/shared/ui/form/form-css';
import { SelectField } from '@kalike/shared/ui/form/registered-fields';

import type { RequestValues } from '../utils/request-rules';
import type { ChoiceOption } from './choice-option';

interface ProgramFieldProps {
  form: UseFormReturn<RequestValues>;
  programs: readonly ChoiceOption[];
  /** The learner chose another program (what depends on it, the batch times, follows). */
  onChange?: (programId: string) => void;
}

/** Which of the teacher's programs, when the learner knows. */
export function ProgramField({ form, programs, onChange }: ProgramFieldProps) {
  return (
    <SelectField
      label={
        <>
          Which program? <span css={formHint}>(optional)</span>
        </>
      }
      error={form.formState.errors.programId?.message}
      registration={form.register('programId', { onChange: (event: { target: { value: string } }) => onChange?.(event.target.value) })}
    >
      <option value="">Not sure yet</option>
      {programs.map((program) => (
        <option key={program.id} value={program.id}>
          {program.hint ? `${program.name} (${program.hint})` : program.name}
        </option>
      ))}
    </SelectField>
  );
}
