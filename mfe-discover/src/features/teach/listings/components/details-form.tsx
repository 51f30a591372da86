import { useForm } from 'react-hook-form';
import type { AuthoredListing } from '@kalike/shared/contracts/listing-authoring';
import { listingTextLength } from '@kalike/shared/domain/listing-authoring-rules';
import { Button } from '@kalike/shared/ui/button';
import { TextAreaField, TextField } from '@kalike/shared/ui/form/registered-fields';

import { useChangeListing } from '../api/authored-listings';
import { listingCheck, listingCheckProblem } from '../utils/listing-check';
import { ChangeFeedback } from './change-feedback';
import { formCss } from './listing-form-css';

interface DetailsValues {
  title: string;
  about: string;
}

/** The listing's title and words about it; on a live listing they reach learners at once. */
export function DetailsForm({ listing }: { listing: AuthoredListing }) {
  const form = useForm<DetailsValues>({ defaultValues: { title: listing.title, about: listing.about } });
  const change = useChangeListing(listing.id);
  const onSubmit = form.handleSubmit((values) => {
    const title = values.title.trim();
    if (title.length < listingTextLength.title.min) {
      return form.setError(listingCheck, { message: `Give the listing a title of at least ${listingTextLength.title.min} letters.` });
    }
    change.mutate({ method: 'patch', path: '', body: { title, about: values.about.trim() } });
  });

  return (
    <form css={formCss} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Title and about">
      <TextField label="Title" maxLength={listingTextLength.title.max} registration={form.register('title')} />
      <TextAreaField label="About" maxLength={listingTextLength.about.max} registration={form.register('about')} />
      <ChangeFeedback problem={listingCheckProblem(form.formState.errors)} error={change.error} result={change.data} />
      <Button type="submit" variant="secondary" disabled={change.isPending}>
        {change.isPending ? 'Saving…' : 'Save title and about'}
      </Button>
    </form>
  );
}
