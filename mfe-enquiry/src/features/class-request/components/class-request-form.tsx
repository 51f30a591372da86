import { useEffect, useId, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTheme } from '@emotion/react';
import { SkeletonList } from '@kalike/shared/ui/skeleton';
import { StatusMessage } from '@kalike/shared/ui/status-message';
import { Button } from '@kalike/shared/ui/button';
import { FieldError, inputStyles } from '@kalike/shared/ui/form-field';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { paths } from '@kalike/shared/routing/paths';
import { useUserStore } from '@kalike/shared/user/user-store';

import { useEnquiryCategories } from '../api/get-categories';
import {
  emptyDraft,
  messageMaxLength,
  readDraft,
  refFromSearch,
  saveDraft,
  type EnquiryDraft,
} from '../enquiry-draft';

interface DraftPreset {
  /** Chosen for the learner when they arrive from a teacher's page of that subject. */
  categorySlug?: string;
  refPage?: string;
  refSection?: string;
}

function useEnquiryDraft(preset: DraftPreset) {
  const [search] = useSearchParams();
  const [draft, setDraft] = useState<EnquiryDraft>(() => {
    const stored = readDraft() ?? emptyDraft;
    const ref = refFromSearch(search);
    const withRef = ref.refPage || ref.refSection ? { ...stored, ...ref } : stored;
    return {
      ...withRef,
      categorySlug: withRef.categorySlug || preset.categorySlug || '',
      refPage: withRef.refPage || preset.refPage || '',
      refSection: withRef.refSection || preset.refSection || '',
    };
  });
  useEffect(() => saveDraft(draft), [draft]);
  return [draft, setDraft] as const;
}

/** The class request form: what to learn and a note for teachers, kept as a draft while typed. */
export function ClassRequestForm({ preset = {} }: { preset?: DraftPreset }) {
  const theme = useTheme();
  const navigate = useNavigate();
  const signedIn = useUserStore((state) => state.user !== null);
  const categories = useEnquiryCategories();
  const [draft, setDraft] = useEnquiryDraft(preset);
  const [showErrors, setShowErrors] = useState(false);
  const categoryId = useId();
  const messageId = useId();
  const categoryError = draft.categorySlug === '' ? 'Choose what you would like to learn.' : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (categoryError) {
      setShowErrors(true);
      return;
    }
    // The draft is already saved; signing in brings the person straight back here.
    if (!signedIn) navigate(paths.login(`${window.location.pathname}${window.location.search}`));
  };

  return (
    <>
      {categories.isPending && <SkeletonList rows={2} rowHeight="3rem" label="Loading subjects" />}
      {categories.isError && (
        <StatusMessage tone="error" title="Subjects could not be loaded" action={{ label: 'Try again', onClick: () => void categories.refetch() }}>
          {readableErrorMessage(categories.error)}
        </StatusMessage>
      )}
      {categories.isSuccess && (
        <form onSubmit={submit} noValidate css={{ display: 'grid', gap: theme.space(4) }}>
          <div css={{ display: 'grid', gap: theme.space(1) }}>
            <label htmlFor={categoryId} css={{ fontWeight: 600 }}>
              What would you like to learn?
            </label>
            <select
              id={categoryId}
              value={draft.categorySlug}
              onChange={(event) => setDraft({ ...draft, categorySlug: event.target.value })}
              aria-invalid={showErrors && categoryError !== null}
              aria-describedby={showErrors && categoryError ? `${categoryId}-error` : undefined}
              css={inputStyles(theme)}
            >
              <option value="">Choose a subject</option>
              {categories.data.map((category) => (
                <option key={category.id} value={category.slug}>
                  {category.name}
                </option>
              ))}
            </select>
            <FieldError id={`${categoryId}-error`} message={showErrors ? (categoryError ?? undefined) : undefined} />
          </div>
          <div css={{ display: 'grid', gap: theme.space(1) }}>
            <label htmlFor={messageId} css={{ fontWeight: 600 }}>
              Anything teachers should know? <span css={{ fontWeight: 400 }}>(optional)</span>
            </label>
            <textarea
              id={messageId}
              rows={4}
              maxLength={messageMaxLength}
              value={draft.message}
              placeholder="For example: my daughter is 8 and a beginner; weekend mornings suit us."
              onChange={(event) => setDraft({ ...draft, message: event.target.value })}
              css={inputStyles(theme)}
            />
          </div>
          <Button type="submit">Continue</Button>
        </form>
      )}
    </>
  );
}
