import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTheme } from '@emotion/react';
import { Button } from '@kalike/shared/ui/button';
import { FieldError, inputStyles } from '@kalike/shared/ui/form-field';

import { hintStyles, labelStyles } from '../../../components/form-styles';
import { checkDateOfBirth, checkPersonName } from '@kalike/shared/format/account-values';

export interface StudentValues {
  name: string;
  dateOfBirth: string;
}

interface StudentFormProps {
  /** The form's accessible name, e.g. "Add a child" or "Edit Ananya". */
  label: string;
  submitLabel: string;
  initial?: StudentValues;
  pending: boolean;
  failure: string | null;
  onSubmit: (values: StudentValues) => Promise<unknown>;
  onCancel: () => void;
}

/** A student's name and date of birth, for adding a child or changing one. */
export function StudentForm({ label, submitLabel, initial, pending, failure, onSubmit, onCancel }: StudentFormProps) {
  const theme = useTheme();
  const id = useId();
  const form = useForm<StudentValues>({ defaultValues: initial ?? { name: '', dateOfBirth: '' } });
  const { errors } = form.formState;
  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(event) => {
        event.stopPropagation();
        void form.handleSubmit(onSubmit)(event);
      }}
      css={{ display: 'grid', gap: theme.space(2), padding: theme.space(4), border: `1px solid ${theme.colors.border}`, borderRadius: theme.radius.medium, background: theme.colors.surface }}
    >
      <label htmlFor={`${id}-name`} css={labelStyles}>
        Student's name
      </label>
      <input
        id={`${id}-name`}
        maxLength={80}
        autoComplete="off"
        aria-invalid={Boolean(errors.name)}
        aria-describedby={errors.name ? `${id}-name-error` : undefined}
        css={inputStyles(theme)}
        {...form.register('name', { validate: (value) => checkPersonName(value, { empty: "Enter the student's name." }) ?? true })}
      />
      <FieldError id={`${id}-name-error`} message={errors.name?.message} />
      <label htmlFor={`${id}-dob`} css={labelStyles}>
        Date of birth <span css={hintStyles(theme)}>(optional)</span>
      </label>
      <input
        id={`${id}-dob`}
        type="date"
        aria-invalid={Boolean(errors.dateOfBirth)}
        aria-describedby={errors.dateOfBirth ? `${id}-dob-error` : undefined}
        css={inputStyles(theme)}
        {...form.register('dateOfBirth', { validate: (value) => checkDateOfBirth(value) ?? true })}
      />
      <FieldError id={`${id}-dob-error`} message={errors.dateOfBirth?.message} />
      <FieldError id={`${id}-failure`} message={failure ?? undefined} />
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: theme.space(2) }}>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : submitLabel}
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
