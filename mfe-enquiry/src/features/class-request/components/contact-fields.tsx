import type { UseFormReturn } from 'react-hook-form';
import { formHint } from '@kalike/shared/ui/form/form-css';
import { TextField } from '@kalike/shared/ui/form/registered-fields';

import type { RequestValues } from '../utils/request-rules';

/** Whom the teacher answers: the learner's name and, if they like, a second number. */
export function ContactFields({ form }: { form: UseFormReturn<RequestValues> }) {
  const { errors } = form.formState;
  return (
    <>
      <TextField label="Your name" autoComplete="name" maxLength={80} error={errors.contactName?.message} registration={form.register('contactName')} />
      <TextField
        label={
          <>
            Another phone number <span css={formHint}>(optional)</span>
          </>
        }
        hint="An Indian mobile the teacher may also call. Your sign-in number is always shared."
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        maxLength={20}
        error={errors.alternatePhone?.message}
        registration={form.register('alternatePhone')}
      />
    </>
  );
}
