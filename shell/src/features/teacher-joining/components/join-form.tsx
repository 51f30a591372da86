import { useId, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { css } from '@emotion/react';
import type { Place } from '@kalike/shared/contracts/geo';
import type { TeacherJoinResponse } from '@kalike/shared/contracts/teacher-joining';
import { nameRule } from '@kalike/shared/learner-account/account-rules';
import { useCategories } from '@kalike/shared/categories/categories-query';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { Button } from '@kalike/shared/ui/button';
import { FieldError } from '@kalike/shared/ui/form/field-error';
import { formField, formHint } from '@kalike/shared/ui/form/form-css';
import { labelStyles } from '@kalike/shared/ui/form/form-styles';
import { SelectField, TextField } from '@kalike/shared/ui/form/registered-fields';
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
  /** Chosen in the location feature's place search, not typed. */
  place: Place | null;
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
  const errorId = useId();
  const categories = useCategories();
  const form = useForm<JoinFormValues>({ defaultValues: { name: defaultName, categoryId: '', place: null } });
  const place = useWatch({ control: form.control, name: 'place' });
  const setPlace = (chosen: Place | null) => form.setValue('place', chosen);
  const join = useMutation({
    mutationFn: joinAsTeacher,
    onSuccess: onJoined,
  });
  const submit = form.handleSubmit(({ name, categoryId: chosen, place }) =>
    join.mutate({ name: name.trim(), categoryId: chosen, ...(place ? { place: { kind: place.kind, slug: place.slug } } : {}) }),
  );
  const { errors } = form.formState;

  return (
    <form onSubmit={submit} noValidate css={formStyles} aria-describedby={join.isError ? errorId : undefined}>
      <TextField label="Your name, as families will see it" autoComplete="name" error={errors.name?.message} registration={form.register('name', nameRule)} />

      <SelectField
        label="What you teach"
        disabled={!categories.data}
        error={errors.categoryId?.message ?? (categories.isError ? 'The subjects could not be loaded. Reload the page to try again.' : undefined)}
        registration={form.register('categoryId', { required: 'Choose what you teach.' })}
      >
        <option value="">{categories.isPending ? 'Loading subjects…' : 'Choose a subject'}</option>
        {categories.data?.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </SelectField>

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
