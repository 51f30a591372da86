import type { UseFormReturn } from 'react-hook-form';
import { formField, formHint, formInput } from '@kalike/shared/ui/form/form-css';
import { labelStyles } from '@kalike/shared/ui/form/form-styles';

import type { RequestFieldHelp } from '../hooks/use-request-field-help';
import { messageMaxLength } from '../utils/enquiry-draft';
import type { RequestValues } from '../utils/request-rules';

/** The learner's own words for the teacher. */
export function MessageField({ form, help }: { form: UseFormReturn<RequestValues>; help: RequestFieldHelp }) {
  const { fieldId, describedBy, errorOf } = help;
  return (
    <div css={formField}>
      <label htmlFor={fieldId('message')} css={labelStyles}>
        Message for the teacher <span css={formHint}>(optional)</span>
      </label>
      <textarea
        id={fieldId('message')}
        rows={4}
        maxLength={messageMaxLength}
        placeholder="For example: my daughter is 8 and a beginner; weekend mornings suit us."
        aria-invalid={Boolean(form.formState.errors.message)}
        aria-describedby={describedBy('message', `${fieldId('message')}-count`)}
        css={formInput}
        {...form.register('message')}
      />
      <span id={`${fieldId('message')}-count`} css={formHint}>
        Up to {messageMaxLength} characters.
      </span>
      {errorOf('message')}
    </div>
  );
}
