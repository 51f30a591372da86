import { useId, useState, type FormEvent } from 'react';
import { css } from '@emotion/react';
import { useNavigate } from 'react-router-dom';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { useCategories } from '@kalike/shared/categories/categories-query';
import type { Place } from '@kalike/shared/contracts/geo';
import { listingTextLength } from '@kalike/shared/domain/listing-authoring-rules';
import * as paths from '@kalike/shared/routing/paths';
import { Button } from '@kalike/shared/ui/button';
import { DocumentTitle } from '@kalike/shared/ui/document-title';
import { FieldError, inputStyles } from '@kalike/shared/ui/form-field';
import { fieldStyles, labelStyles } from '@kalike/shared/ui/form-styles';
import { PageColumn, PageTitle } from '@kalike/shared/ui/page-column';
import { space, theme } from '@kalike/shared/ui/theme';

import { useCreateListing } from '../../features/teach/listings/api/authored-listings';
import { PlaceSearch } from '../../features/teach/listings/components/place-search';

const formCss = css({ display: 'grid', gap: space(3) });
const fieldCss = css(fieldStyles(theme));
const labelCss = css(labelStyles);
const inputCss = css(inputStyles(theme), { boxSizing: 'border-box', width: '100%' });
const textareaCss = css(inputStyles(theme), { boxSizing: 'border-box', width: '100%', minHeight: '6rem', fontFamily: 'inherit' });

/** What is wrong with the new listing before it is sent, or null. */
export function newListingProblem(values: { categoryId: string; title: string; locality: Place | null }): string | null {
  if (!values.categoryId) return 'Choose the subject you teach.';
  if (values.title.trim().length < listingTextLength.title.min) return `Give the listing a title of at least ${listingTextLength.title.min} letters.`;
  if (!values.locality) return 'Choose the locality you are based in.';
  return null;
}

/** `/teach/listings/new`: a draft with a subject, title, about and base locality; the rest on the listing's page. */
export default function TeachListingNewPage() {
  const ids = { subject: useId(), title: useId(), about: useId(), error: useId() };
  const categories = useCategories();
  const create = useCreateListing();
  const navigate = useNavigate();
  const [categoryId, setCategoryId] = useState('');
  const [title, setTitle] = useState('');
  const [about, setAbout] = useState('');
  const [locality, setLocality] = useState<Place | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const error = problem ?? (create.isError ? readableErrorMessage(create.error) : null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = newListingProblem({ categoryId, title, locality });
    setProblem(found);
    if (found || !locality || create.isPending) return;
    create.mutate(
      { categoryId, title: title.trim(), about: about.trim(), localityId: locality.id },
      { onSuccess: (result) => void navigate(paths.teachListing(result.listing.id)) },
    );
  };

  return (
    <PageColumn>
      <DocumentTitle>New listing</DocumentTitle>
      <PageTitle>New listing</PageTitle>
      <form css={formCss} onSubmit={onSubmit} noValidate aria-describedby={error ? ids.error : undefined}>
        <div css={fieldCss}>
          <label htmlFor={ids.subject} css={labelCss}>
            Subject
          </label>
          <select id={ids.subject} css={inputCss} value={categoryId} onChange={(event) => setCategoryId(event.target.value)}>
            <option value="">Choose a subject</option>
            {(categories.data ?? []).map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
        <div css={fieldCss}>
          <label htmlFor={ids.title} css={labelCss}>
            Title
          </label>
          <input id={ids.title} css={inputCss} value={title} maxLength={listingTextLength.title.max} onChange={(event) => setTitle(event.target.value)} />
        </div>
        <div css={fieldCss}>
          <label htmlFor={ids.about} css={labelCss}>
            About
          </label>
          <textarea id={ids.about} css={textareaCss} value={about} maxLength={listingTextLength.about.max} onChange={(event) => setAbout(event.target.value)} />
        </div>
        <PlaceSearch label="Where you are based" kind="locality" chosen={locality} onChoose={setLocality} />
        <FieldError id={ids.error} message={error ?? undefined} />
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Saving…' : 'Save draft'}
        </Button>
      </form>
    </PageColumn>
  );
}
