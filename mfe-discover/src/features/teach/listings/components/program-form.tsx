import { useForm } from 'react-hook-form';
import { listingModes } from '@kalike/shared/domain/listing-values';
import { Button } from '@kalike/shared/ui/button';
import { formFieldGrid } from '@kalike/shared/ui/form/form-css';
import { SelectField, TextAreaField, TextField } from '@kalike/shared/ui/form/registered-fields';

import { modeLabels } from '../../../../utils/listing-labels';
import { useChangeListing } from '../api/authored-listings';
import { checkProgram, type ProgramValues } from '../utils/listing-forms';
import { listingCheck, listingCheckProblem } from '../utils/listing-check';
import { ChangeFeedback } from './change-feedback';
import { formCss, levelLabels, programLevelOptions } from './listing-form-css';

/** Adds a program: name, level, ages and how it is taught. */
export function ProgramForm({ listingId }: { listingId: string }) {
  const form = useForm<ProgramValues>({ defaultValues: { name: '', level: 'beginner', description: '', ageMin: '', ageMax: '', mode: 'at_centre' } });
  const change = useChangeListing(listingId);
  const onSubmit = form.handleSubmit((values) => {
    const checked = checkProgram(values);
    if (checked.body === null) return form.setError(listingCheck, { message: checked.problem });
    change.mutate({ method: 'post', path: 'programs', body: checked.body }, { onSuccess: () => form.reset() });
  });

  return (
    <form css={formCss} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Add a program">
      <TextField label="Program name" registration={form.register('name')} />
      <div css={formFieldGrid}>
        <SelectField label="Level" registration={form.register('level')}>
          {programLevelOptions.map((level) => (
            <option key={level} value={level}>
              {levelLabels[level]}
            </option>
          ))}
        </SelectField>
        <SelectField label="How it is taught" registration={form.register('mode')}>
          {listingModes.map((mode) => (
            <option key={mode} value={mode}>
              {modeLabels[mode]}
            </option>
          ))}
        </SelectField>
        <TextField label="Youngest age" inputMode="numeric" registration={form.register('ageMin')} />
        <TextField label="Oldest age" inputMode="numeric" registration={form.register('ageMax')} />
      </div>
      <TextAreaField label="What the program covers" registration={form.register('description')} />
      <ChangeFeedback problem={listingCheckProblem(form.formState.errors)} error={change.error} result={change.data} />
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? 'Adding…' : 'Add program'}
      </Button>
    </form>
  );
}
