import type { UseFormReturn } from 'react-hook-form';
import { formField, formInput } from '@kalike/shared/ui/form/form-css';
import { labelStyles } from '@kalike/shared/ui/form/form-styles';

import type { RequestFieldHelp } from '../hooks/use-request-field-help';
import type { RequestValues } from '../utils/request-rules';
import type { ChoiceOption } from './choice-option';

/** A general request's subject (`/enquiry`). */
export function SubjectField({ form, help, categories }: { form: UseFormReturn<RequestValues>; help: RequestFieldHelp; categories: readonly ChoiceOption[] }) {
  const { fieldId, describedBy, errorOf } = help;
  return (
    <div css={formField}>
      <label htmlFor={fieldId('categorySlug')} css={labelStyles}>
        What would you like to learn?
      </label>
      <select
        id={fieldId('categorySlug')}
        aria-invalid={Boolean(form.formState.errors.categorySlug)}
        aria-describedby={describedBy('categorySlug')}
        css={formInput}
        {...form.register('categorySlug')}
      >
        <option value="">Choose a subject</option>
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </select>
      {errorOf('categorySlug')}
    </div>
  );
}
