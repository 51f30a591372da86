import type { UseFormReturn } from 'react-hook-form';
import { formHint } from '@kalike/shared/ui/form/form-css';
import { SelectField } from '@kalike/shared/ui/form/registered-fields';

import type { RequestValues } from '../utils/request-rules';
import type { ChoiceOption } from './choice-option';

/** Which of the teacher's programs, when the learner knows. */
export function ProgramField({ form, programs }: { form: UseFormReturn<RequestValues>; programs: readonly ChoiceOption[] }) {
  return (
    <SelectField
      label={
        <>
          Which program? <span css={formHint}>(optional)</span>
        </>
      }
      error={form.formState.errors.programId?.message}
      registration={form.register('programId')}
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
