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

/**
 * A registered field's props split three ways: the Field's own (label, hint, error…), the
 * registration, and the rest, which go to the control with its className.
 */
function splitFieldProps<Props extends RegisteredFieldProps>({ label, hint, error, invalid, describedBy, id, registration, ...control }: Props) {
  return { field: { label, hint, error, invalid, describedBy, id }, registration, control };
}

/** A text input bound to react-hook-form, inside a Field. */
export function TextField(props: RegisteredFieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, OwnAttributes>) {
  const { field, registration, control } = splitFieldProps(props);
  return <Field {...field}>{(ids) => <input css={formInput} {...control} {...ids} {...registration} />}</Field>;
}

/** A text area bound to react-hook-form, inside a Field. */
export function TextAreaField(props: RegisteredFieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, OwnAttributes>) {
  const { field, registration, control } = splitFieldProps(props);
  return <Field {...field}>{(ids) => <textarea css={formInput} {...control} {...ids} {...registration} />}</Field>;
}

/** A select bound to react-hook-form, inside a Field; its options are the children. */
export function SelectField({
  children,
  ...props
}: RegisteredFieldProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, OwnAttributes> & { children: ReactNode }) {
  const { field, registration, control } = splitFieldProps(props);
  return (
    <Field {...field}>
      {(ids) => (
        <select css={formInput} {...control} {...ids} {...registration}>
          {children}
        </select>
      )}
    </Field>
  );
}
