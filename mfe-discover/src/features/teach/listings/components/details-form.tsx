import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { AuthoredListing } from '@kalike/shared/contracts/listing-authoring';
import { listingTextLength } from '@kalike/shared/domain/listing-authoring-rules';
import { Button } from '@kalike/shared/ui/button';
import { formField, formInput } from '@kalike/shared/ui/form-css';

import { useChangeListing } from '../api/authored-listings';
import { ChangeFeedback } from './change-feedback';
import { formCss } from './listing-form-css';

interface DetailsValues {
  title: string;
  about: string;
}

/** The listing's title and words about it; on a live listing they reach learners at once. */
export function DetailsForm({ listing }: { listing: AuthoredListing }) {
  const ids = { title: useId(), about: useId() };
  const form = useForm<DetailsValues>({ defaultValues: { title: listing.title, about: listing.about } });
  const change = useChangeListing(listing.id);
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = form.handleSubmit((values) => {
    const title = values.title.trim();
    const found = title.length < listingTextLength.title.min ? `Give the listing a title of at least ${listingTextLength.title.min} letters.` : null;
    setProblem(found);
    if (found) return;
    change.mutate({ method: 'patch', path: '', body: { title, about: values.about.trim() } });
  });

  return (
    <form css={formCss} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Title and about">
      <div css={formField}>
        <label htmlFor={ids.title}>Title</label>
        <input id={ids.title} css={formInput} maxLength={listingTextLength.title.max} {...form.register('title')} />
      </div>
      <div css={formField}>
        <label htmlFor={ids.about}>About</label>
        <textarea id={ids.about} css={formInput} maxLength={listingTextLength.about.max} {...form.register('about')} />
      </div>
      <ChangeFeedback problem={problem} error={change.error} result={change.data} />
      <Button type="submit" variant="secondary" disabled={change.isPending}>
        {change.isPending ? 'Saving…' : 'Save title and about'}
      </Button>
    </form>
  );
}
