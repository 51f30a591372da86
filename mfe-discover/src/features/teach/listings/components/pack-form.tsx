import { useForm, useWatch } from 'react-hook-form';
import type { AuthoredBatch } from '@kalike/shared/contracts/listing-authoring';
import { Button } from '@kalike/shared/ui/button';
import { formFieldGrid } from '@kalike/shared/ui/form/form-css';
import { SelectField, TextField } from '@kalike/shared/ui/form/registered-fields';
import { TakeHomeLine } from '@kalike/shared/teacher-take-home/take-home-line';

import { useChangeListing } from '../api/authored-listings';
import { checkPack, typedPackPricePaise, type PackValues } from '../utils/listing-forms';
import { listingCheck, listingCheckProblem } from '../utils/listing-check';
import { ChangeFeedback } from './change-feedback';
import { formCss } from './listing-form-css';

/** Adds a class pack to a batch; the price is typed in rupees and sent in paise. */
export function PackForm({ listingId, batches }: { listingId: string; batches: readonly AuthoredBatch[] }) {
  const empty = { batchId: batches[0]?.id ?? '', name: '', classes: '', validityDays: '', rupees: '' };
  const form = useForm<PackValues>({ defaultValues: empty });
  const change = useChangeListing(listingId);
  const typedPrice = useWatch({ control: form.control, name: 'rupees' });
  const onSubmit = form.handleSubmit((values) => {
    const checked = checkPack(values);
    if (checked.body === null) return form.setError(listingCheck, { message: checked.problem });
    change.mutate({ method: 'post', path: 'plans', body: checked.body }, { onSuccess: () => form.reset({ ...empty, batchId: values.batchId }) });
  });

  return (
    <form css={formCss} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Add a class pack">
      <SelectField label="Batch" registration={form.register('batchId')}>
        {batches.map((batch) => (
          <option key={batch.id} value={batch.id}>
            {batch.name}
          </option>
        ))}
      </SelectField>
      <TextField label="Pack name" registration={form.register('name')} />
      <div css={formFieldGrid}>
        <TextField label="Classes" inputMode="numeric" registration={form.register('classes')} />
        <TextField label="Valid for (days)" inputMode="numeric" registration={form.register('validityDays')} />
        <TextField label="Price (₹, GST included)" inputMode="decimal" registration={form.register('rupees')} />
      </div>
      <TakeHomeLine pricePaise={typedPackPricePaise(typedPrice)} />
      <ChangeFeedback problem={listingCheckProblem(form.formState.errors)} error={change.error} result={change.data} />
      <Button type="submit" disabled={change.isPending || batches.length === 0}>
        {change.isPending ? 'Adding…' : 'Add class pack'}
      </Button>
    </form>
  );
}
