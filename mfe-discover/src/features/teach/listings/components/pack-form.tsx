import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { AuthoredBatch } from '@kalike/shared/contracts/listing-authoring';
import { Button } from '@kalike/shared/ui/button';
import { formField, formFieldGrid, formInput } from '@kalike/shared/ui/form-css';

import { useChangeListing } from '../api/authored-listings';
import { checkPack, type PackValues } from '../utils/listing-forms';
import { ChangeFeedback } from './change-feedback';
import { formCss } from './listing-form-css';

/** Adds a class pack to a batch; the price is typed in rupees and sent in paise. */
export function PackForm({ listingId, batches }: { listingId: string; batches: readonly AuthoredBatch[] }) {
  const ids = { batch: useId(), name: useId(), classes: useId(), validity: useId(), rupees: useId() };
  const empty = { batchId: batches[0]?.id ?? '', name: '', classes: '', validityDays: '', rupees: '' };
  const form = useForm<PackValues>({ defaultValues: empty });
  const change = useChangeListing(listingId);
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = form.handleSubmit((values) => {
    const checked = checkPack(values);
    setProblem(checked.problem);
    if (checked.body === null) return;
    change.mutate({ method: 'post', path: 'plans', body: checked.body }, { onSuccess: () => form.reset({ ...empty, batchId: values.batchId }) });
  });

  return (
    <form css={formCss} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Add a class pack">
      <div css={formField}>
        <label htmlFor={ids.batch}>Batch</label>
        <select id={ids.batch} css={formInput} {...form.register('batchId')}>
          {batches.map((batch) => (
            <option key={batch.id} value={batch.id}>
              {batch.name}
            </option>
          ))}
        </select>
      </div>
      <div css={formField}>
        <label htmlFor={ids.name}>Pack name</label>
        <input id={ids.name} css={formInput} {...form.register('name')} />
      </div>
      <div css={formFieldGrid}>
        <div css={formField}>
          <label htmlFor={ids.classes}>Classes</label>
          <input id={ids.classes} css={formInput} inputMode="numeric" {...form.register('classes')} />
        </div>
        <div css={formField}>
          <label htmlFor={ids.validity}>Valid for (days)</label>
          <input id={ids.validity} css={formInput} inputMode="numeric" {...form.register('validityDays')} />
        </div>
        <div css={formField}>
          <label htmlFor={ids.rupees}>Price (₹, GST included)</label>
          <input id={ids.rupees} css={formInput} inputMode="decimal" {...form.register('rupees')} />
        </div>
      </div>
      <ChangeFeedback problem={problem} error={change.error} result={change.data} />
      <Button type="submit" disabled={change.isPending || batches.length === 0}>
        {change.isPending ? 'Adding…' : 'Add class pack'}
      </Button>
    </form>
  );
}
