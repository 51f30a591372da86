import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { listingModes } from '@kalike/shared/domain/listing-values';
import { Button } from '@kalike/shared/ui/button';
import { formField, formFieldGrid, formInput } from '@kalike/shared/ui/form-css';

import { modeLabels } from '../../../../utils/listing-labels';
import { useChangeListing } from '../api/authored-listings';
import { checkProgram, type ProgramValues } from '../utils/listing-forms';
import { ChangeFeedback } from './change-feedback';
import { formCss, levelLabels, programLevelOptions } from './listing-form-css';

/** Adds a program: name, level, ages and how it is taught. */
export function ProgramForm({ listingId }: { listingId: string }) {
  const ids = { name: useId(), level: useId(), ageMin: useId(), ageMax: useId(), mode: useId(), description: useId() };
  const form = useForm<ProgramValues>({ defaultValues: { name: '', level: 'beginner', description: '', ageMin: '', ageMax: '', mode: 'at_centre' } });
  const change = useChangeListing(listingId);
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = form.handleSubmit((values) => {
    const checked = checkProgram(values);
    setProblem(checked.problem);
    if (checked.body === null) return;
    change.mutate({ method: 'post', path: 'programs', body: checked.body }, { onSuccess: () => form.reset() });
  });

  return (
    <form css={formCss} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Add a program">
      <div css={formField}>
        <label htmlFor={ids.name}>Program name</label>
        <input id={ids.name} css={formInput} {...form.register('name')} />
      </div>
      <div css={formFieldGrid}>
        <div css={formField}>
          <label htmlFor={ids.level}>Level</label>
          <select id={ids.level} css={formInput} {...form.register('level')}>
            {programLevelOptions.map((level) => (
              <option key={level} value={level}>
                {levelLabels[level]}
              </option>
            ))}
          </select>
        </div>
        <div css={formField}>
          <label htmlFor={ids.mode}>How it is taught</label>
          <select id={ids.mode} css={formInput} {...form.register('mode')}>
            {listingModes.map((mode) => (
              <option key={mode} value={mode}>
                {modeLabels[mode]}
              </option>
            ))}
          </select>
        </div>
        <div css={formField}>
          <label htmlFor={ids.ageMin}>Youngest age</label>
          <input id={ids.ageMin} css={formInput} inputMode="numeric" {...form.register('ageMin')} />
        </div>
        <div css={formField}>
          <label htmlFor={ids.ageMax}>Oldest age</label>
          <input id={ids.ageMax} css={formInput} inputMode="numeric" {...form.register('ageMax')} />
        </div>
      </div>
      <div css={formField}>
        <label htmlFor={ids.description}>What the program covers</label>
        <textarea id={ids.description} css={formInput} {...form.register('description')} />
      </div>
      <ChangeFeedback problem={problem} error={change.error} result={change.data} />
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? 'Adding…' : 'Add program'}
      </Button>
    </form>
  );
}
