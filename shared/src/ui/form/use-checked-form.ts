import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type RegisterOptions } from 'react-hook-form';

import { checkResolver, type FormCheck } from '@kalike/shared/ui/form/check-resolver';

interface CheckedFormOptions<Values extends FieldValues, Body> {
  /** The values the form starts with, read once (a function when they depend on "now"). */
  defaultValues: Values | (() => Values);
  /** The form's rules as one function; without it, each field's own `rules` check it. */
  check?: FormCheck<Values, Body>;
}

/**
 * "Check on submit, clear on typing", the way our forms treat a problem: the form is checked
 * when it is sent (by `check`, or by each field's rules), every problem stays until the next
 * try, and typing in a field clears that field's problem alone. Use the returned `register`
 * for the fields, so each clears its own.
 */
export function useCheckedForm<Values extends FieldValues, Body = Values>({ defaultValues: initial, check }: CheckedFormOptions<Values, Body>) {
  // Read once, as a state's initial value would be.
  const [defaultValues] = useState<Values>(initial);
  const form = useForm<Values, unknown, Body>({
    // react-hook-form's DefaultValues is a deep partial of the same shape.
    defaultValues: defaultValues as DefaultValues<Values>,
    resolver: check ? checkResolver(check) : undefined,
    reValidateMode: 'onSubmit',
  });
  const register = <Name extends Path<Values>>(name: Name, rules?: RegisterOptions<Values, Name>) =>
    form.register(name, {
      ...rules,
      onChange: (event: unknown) => {
        form.clearErrors(name);
        return rules?.onChange?.(event);
      },
    });
  return { form, register, errors: form.formState.errors };
}
