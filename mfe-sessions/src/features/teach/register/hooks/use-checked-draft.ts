import { useState } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { checkResolver, type FormCheck } from '@kalike/shared/ui/form/check-resolver';

/**
 * A react-hook-form form checked by the feature's own rules: submitting answers the body to send,
 * or shows every error; typing in a field clears that field's error until the next try.
 */
export function useCheckedDraft<Draft extends { [Field in keyof Draft]: string }, Body>(initial: Draft | (() => Draft), check: FormCheck<Draft, Body>) {
  // The initial draft is read once, as a state's would be (it may be "now", rounded).
  const [defaultValues] = useState<Draft>(initial);
  const form = useForm<Draft, unknown, Body>({
    // react-hook-form's DefaultValues is a deep partial of the same shape.
    defaultValues: defaultValues as never,
    resolver: checkResolver(check),
    reValidateMode: 'onSubmit',
  });
  const register = (field: Path<Draft>) => form.register(field, { onChange: () => form.clearErrors(field) });
  return { form, register, errors: form.formState.errors };
}
