import type { UseFormReturn } from 'react-hook-form';
import { formField, formHint, formInput } from '@kalike/shared/ui/form/form-css';
import { labelStyles } from '@kalike/shared/ui/form/form-styles';

import type { RequestFieldHelp } from '../hooks/use-request-field-help';
import type { RequestValues } from '../utils/request-rules';

/** Whom the teacher answers: the learner's name and, if they like, a second number. */
export function ContactFields({ form, help }: { form: UseFormReturn<RequestValues>; help: RequestFieldHelp }) {
  const { fieldId, describedBy, errorOf } = help;
  const { errors } = form.formState;
  return (
    <>
      <div css={formField}>
        <label htmlFor={fieldId('contactName')} css={labelStyles}>
          Your name
        </label>
        <input
          id={fieldId('contactName')}
          autoComplete="name"
          maxLength={80}
          aria-invalid={Boolean(errors.contactName)}
          aria-describedby={describedBy('contactName')}
          css={formInput}
          {...form.register('contactName')}
        />
        {errorOf('contactName')}
      </div>

      <div css={formField}>
        <label htmlFor={fieldId('alternatePhone')} css={labelStyles}>
          Another phone number <span css={formHint}>(optional)</span>
        </label>
        <input
          id={fieldId('alternatePhone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          maxLength={20}
          aria-invalid={Boolean(errors.alternatePhone)}
          aria-describedby={describedBy('alternatePhone', `${fieldId('alternatePhone')}-hint`)}
          css={formInput}
          {...form.register('alternatePhone')}
        />
        <span id={`${fieldId('alternatePhone')}-hint`} css={formHint}>
          An Indian mobile the teacher may also call. Your sign-in number is always shared.
        </span>
        {errorOf('alternatePhone')}
      </div>
    </>
  );
}
