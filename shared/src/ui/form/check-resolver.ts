import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** A form's rules written as a plain function: the body to send, or a message per field that is wrong. */
export type FormCheck<Values, Body> = (values: Values) => { body: Body } | { errors: Partial<Record<keyof Values, string>> };

/** Messages per field as react-hook-form's errors; a field without a message has none. */
export function fieldErrorsFrom<Values extends FieldValues>(messages: Partial<Record<string, string | undefined>>): FieldErrors<Values> {
  const entries = Object.entries(messages).flatMap(([name, message]) => (message ? [[name, { type: 'validate', message }] as const] : []));
  return Object.fromEntries(entries) as FieldErrors<Values>;
}

/**
 * A FormCheck as react-hook-form's resolver: the form submits the checked body, or shows each
 * message under its field. The rules stay one function, tested on their own.
 */
export function checkResolver<Values extends FieldValues, Body>(check: FormCheck<Values, Body>): Resolver<Values, unknown, Body> {
  return (values) => {
    const result = check(values);
    if ('errors' in result) return { values: {}, errors: fieldErrorsFrom<Values>(result.errors) };
    return { values: result.body, errors: {} };
  };
}
