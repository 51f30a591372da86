import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

import { Field, type FieldProps } from '@kalike/shared/ui/form/field';
import { formInput } from '@kalike/shared/ui/form/form-css';

/** What the field and react-hook-form's `register` set on the control; the rest passes through. */
type OwnAttributes = 'id' | 'aria-describedby' | 'aria-invalid' | 'name' | 'onChange' | 'onBlur' | 'ref' | 'children';

type RegisteredFieldProps = Omit<FieldProps, 'children' | 'className'> & {
  /** `form.register(name, rules)`: the control's value, events and validation. */
  registration: UseFormRegisterReturn;
  /** Styles for the control, after the product's input styles. */
  className?: string;
};

/** A text input bound to react-hook-form, inside a Field. */
export function TextField({
  label,
  hint,
  error,
  invalid,
  describedBy,
  id,
  registration,
  ...input
}: RegisteredFieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, OwnAttributes>) {
  return (
    <Field label={label} hint={hint} error={error} invalid={invalid} describedBy={describedBy} id={id}>
      {(control) => <input css={formInput} {...input} {...control} {...registration} />}
    </Field>
  );
}

/** A text area bound to react-hook-form, inside a Field. */
export function TextAreaField({
  label,
  hint,
  error,
  invalid,
  describedBy,
  id,
  registration,
  ...textarea
}: RegisteredFieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, OwnAttributes>) {
  return (
    <Field label={label} hint={hint} error={error} invalid={invalid} describedBy={describedBy} id={id}>
      {(control) => <textarea css={formInput} {...textarea} {...control} {...registration} />}
    </Field>
  );
}

/** A select bound to react-hook-form, inside a Field; its options are the children. */
export function SelectField({
  label,
  hint,
  error,
  invalid,
  describedBy,
  id,
  registration,
  children,
  ...select
}: RegisteredFieldProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, OwnAttributes> & { children: ReactNode }) {
  return (
    <Field label={label} hint={hint} error={error} invalid={invalid} describedBy={describedBy} id={id}>
      {(control) => (
        <select css={formInput} {...select} {...control} {...registration}>
          {children}
        </select>
      )}
    </Field>
  );
}
