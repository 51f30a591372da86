import type { UseFormReturn } from 'react-hook-form';
import { SelectField } from '@kalike/shared/ui/form/registered-fields';

import type { RequestValues } from '../utils/request-rules';
import type { ChoiceOption } from './choice-option';

/** A general request's subject (`/enquiry`). */
export function SubjectField({ form, categories }: { form: UseFormReturn<RequestValues>; categories: readonly ChoiceOption[] }) {
  return (
    <SelectField label="What would you like to learn?" error={form.formState.errors.categorySlug?.message} registration={form.register('categorySlug')}>
      <option value="">Choose a subject</option>
      {categories.map((category) => (
        <option key={category.id} value={category.id}>
          {category.name}
        </option>
      ))}
    </SelectField>
  );
}
