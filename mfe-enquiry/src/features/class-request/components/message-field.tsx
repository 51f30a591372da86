import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Field } from '@kalike/shared/ui/form/field';
import { formHint, formInput } from '@kalike/shared/ui/form/form-css';

import { messageMaxLength } from '../utils/enquiry-draft';
import type { RequestValues } from '../utils/request-rules';

/** The learner's own words for the teacher. */
export function MessageField({ form }: { form: UseFormReturn<RequestValues> }) {
  const countId = useId();
  return (
    <Field
      label={
        <>
          Message for the teacher <span css={formHint}>(optional)</span>
        </>
      }
      error={form.formState.errors.message?.message}
      describedBy={countId}
    >
      {(control) => (
        <>
          <textarea
            rows={4}
            maxLength={messageMaxLength}
            placeholder="For example: my daughter is 8 and a beginner; weekend mornings suit us."
            css={formInput}
            {...control}
            {...form.register('message')}
          />
          <span id={countId} css={formHint}>
            Up to {messageMaxLength} characters.
          </span>
        </>
      )}
    </Field>
  );
}
