import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { css } from '@emotion/react';
import type { Place } from '@kalike/shared/contracts/geo';
import type { TeacherJoinResponse } from '@kalike/shared/contracts/teacher-joining';
import { nameRule } from '@kalike/shared/learner-account/account-rules';
import { useCategories } from '@kalike/shared/categories/categories-query';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { Button } from '@kalike/shared/ui/button';
import { FieldError } from '@kalike/shared/ui/form/field-error';
import { formField, formHint, formInput } from '@kalike/shared/ui/form/form-css';
import { labelStyles } from '@kalike/shared/ui/form/form-styles';
import { colors, space } from '@kalike/shared/ui/theme';

import { joinAsTeacher } from '../api/teacher-joining-api';

const formStyles = css({ display: 'grid', gap: space(4) });
const optionalStyles = css({ fontWeight: 400, color: colors.textMuted });
const chosenPlaceStyles = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: space(2), margin: 0 });
const linkButtonStyles = css({
  border: 0,
  background: 'none',
  padding: 0,
  color: colors.brand,
  font: 'inherit',
  textDecoration: 'underline',
  cursor: 'pointer',
  minHeight: '44px',
});

interface JoinFormValues {
  name: string;
  categoryId: string;
}

export interface JoinFormProps {
  /** The learner account's name, if they have one: most teachers keep it. */
  defaultName: string;
  /** The place search of the location feature, composed by the page. */
  renderPlacePicker: (onChoose: (place: Place) => void) => ReactNode;
  onJoined: (joined: TeacherJoinResponse) => void;
}

/** Name (any script), what they teach, and optionally where from: all a teacher needs to start. */
export function JoinForm({ defaultName, renderPlacePicker, onJoined }: JoinFormProps) {
  const nameId = useId();
  const categoryId = useId();
  const errorId = useId();
  const categories = useCategories();
  const [place, setPlace] = useState<Place | null>(null);
  const form = useForm<JoinFormValues>({ defaultValues: { name: defaultName, categoryId: '' } });
  const join = useMutation({
    mutationFn: joinAsTeacher,
    onSuccess: onJoined,
  });
  const submit = form.handleSubmit(({ name, categoryId: chosen }) =>
    join.mutate({ name: name.trim(), categoryId: chosen, ...(place ? { place: { kind: place.kind, slug: place.slug } } : {}) }),
  );
  const { errors } = form.formState;

  return (
    <form onSubmit={submit} noValidate css={formStyles} aria-describedby={join.isError ? errorId : undefined}>
      <div css={formField}>
        <label htmlFor={nameId} css={labelStyles}>
          Your name, as families will see it
        </label>
        <input
          id={nameId}
          autoComplete="name"
          aria-invalid={Boolean(errors.name)}
          aria-describedby={errors.name ? `${nameId}-error` : undefined}
          css={formInput}
          {...form.register('name', nameRule)}
        />
        <FieldError id={`${nameId}-error`} message={errors.name?.message} />
      </div>

      <div css={formField}>
        <label htmlFor={categoryId} css={labelStyles}>
          What you teach
        </label>
        <select
          id={categoryId}
          aria-invalid={Boolean(errors.categoryId)}
          aria-describedby={errors.categoryId ? `${categoryId}-error` : undefined}
          css={formInput}
          disabled={!categories.data}
          {...form.register('categoryId', { required: 'Choose what you teach.' })}
        >
          <option value="">{categories.isPending ? 'Loading subjects…' : 'Choose a subject'}</option>
          {categories.data?.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
        <FieldError
          id={`${categoryId}-error`}
          message={errors.categoryId?.message ?? (categories.isError ? 'The subjects could not be loaded. Reload the page to try again.' : undefined)}
        />
      </div>

      <div css={formField}>
        <p css={labelStyles}>
          Where you teach <span css={optionalStyles}>(optional)</span>
        </p>
        {place ? (
          <p css={chosenPlaceStyles}>
            <span>{place.address}</span>
            <button type="button" css={linkButtonStyles} onClick={() => setPlace(null)}>
              Change
            </button>
          </p>
        ) : (
          renderPlacePicker(setPlace)
        )}
        <p css={formHint}>Your profile, classes and prices come next, in your workspace.</p>
      </div>

      <FieldError id={errorId} message={join.isError ? readableErrorMessage(join.error) : undefined} />
      <Button type="submit" disabled={join.isPending}>
        {join.isPending ? 'Joining…' : 'Join as a teacher'}
      </Button>
    </form>
  );
}
