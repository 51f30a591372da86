import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { css } from '@emotion/react';
import { useNavigate } from 'react-router-dom';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { useCategories } from '@kalike/shared/categories/categories-query';
import type { Place } from '@kalike/shared/contracts/geo';
import type { TeacherListings } from '@kalike/shared/contracts/listing-authoring';
import { listingTextLength } from '@kalike/shared/domain/listing-authoring-rules';
import * as paths from '@kalike/shared/routing/paths';
import { Button } from '@kalike/shared/ui/button';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { FieldError } from '@kalike/shared/ui/form/field-error';
import { SelectField, TextAreaField, TextField } from '@kalike/shared/ui/form/registered-fields';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { space } from '@kalike/shared/ui/theme';

import { useAuthoredListings, useCreateListing } from '../../features/teach/listings/api/authored-listings';
import { PlaceSearch } from '../../features/teach/listings/components/place-search';
import { listingCheck, listingCheckProblem } from '../../features/teach/listings/utils/listing-check';

const formCss = css({ display: 'grid', gap: space(3) });
const inputCss = css({ boxSizing: 'border-box', width: '100%' });
const textareaCss = css({ boxSizing: 'border-box', width: '100%', minHeight: '6rem', fontFamily: 'inherit' });

interface NewListingValues {
  categoryId: string;
  title: string;
  about: string;
  /** Chosen in the place search, not typed. */
  locality: Place | null;
}

/** What is wrong with the new listing before it is sent, or null. */
export function newListingProblem(values: { categoryId: string; title: string; locality: Place | null }): string | null {
  if (!values.categoryId) return 'Choose the subject you teach.';
  if (values.title.trim().length < listingTextLength.title.min) return `Give the listing a title of at least ${listingTextLength.title.min} letters.`;
  if (!values.locality) return 'Choose the locality you are based in.';
  return null;
}

/**
 * Where a new listing starts: the locality the teacher gave when joining, and for their first
 * listing the subject too (a second listing is another subject: one listing per subject).
 */
export function newListingStart(listings: TeacherListings | undefined): NewListingValues {
  const joinedWith = listings?.joinedWith;
  const first = listings !== undefined && listings.items.length === 0;
  return { categoryId: (first && joinedWith?.categoryId) || '', title: '', about: '', locality: joinedWith?.locality ?? null };
}

function NewListingForm({ start }: { start: NewListingValues }) {
  const errorId = useId();
  const categories = useCategories();
  const create = useCreateListing();
  const navigate = useNavigate();
  const form = useForm<NewListingValues>({ defaultValues: start });
  const locality = useWatch({ control: form.control, name: 'locality' });
  // The whole draft's one problem, kept as a root error: the next try clears it.
  const error = listingCheckProblem(form.formState.errors) ?? (create.isError ? readableErrorMessage(create.error) : null);

  const onSubmit = form.handleSubmit((values) => {
    const found = newListingProblem(values);
    if (found) return form.setError(listingCheck, { message: found });
    if (!values.locality || create.isPending) return;
    create.mutate(
      { categoryId: values.categoryId, title: values.title.trim(), about: values.about.trim(), localityId: values.locality.id },
      { onSuccess: (result) => void navigate(paths.teachListing(result.listing.id)) },
    );
  });

  return (
    <form css={formCss} onSubmit={(event) => void onSubmit(event)} noValidate aria-describedby={error ? errorId : undefined}>
      <SelectField label="Subject" css={inputCss} registration={form.register('categoryId')}>
        <option value="">Choose a subject</option>
        {(categories.data ?? []).map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </SelectField>
      <TextField label="Title" css={inputCss} maxLength={listingTextLength.title.max} registration={form.register('title')} />
      <TextAreaField label="About" css={textareaCss} maxLength={listingTextLength.about.max} registration={form.register('about')} />
      <PlaceSearch label="Where you are based" kind="locality" chosen={locality} onChoose={(place) => form.setValue('locality', place)} />
      <FieldError id={errorId} message={error} />
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? 'Saving…' : 'Save draft'}
      </Button>
    </form>
  );
}

/** `/teach/listings/new`: a draft with a subject, title, about and base locality; the rest on the listing's page. */
export default function TeachListingNewPage() {
  const categories = useCategories();
  const listings = useAuthoredListings();
  // The form starts from what joining said, so it waits for it (and for the subjects the select
  // must hold before it can show one chosen); a failed read starts it empty.
  const ready = !categories.isPending && !listings.isPending;
  return (
    <PageColumn>
      <DocumentTitle>New listing</DocumentTitle>
      <PageTitle>New listing</PageTitle>
      {ready ? <NewListingForm start={newListingStart(listings.data)} /> : <SkeletonList rows={4} rowHeight="3rem" label="Loading the form" />}
    </PageColumn>
  );
}
