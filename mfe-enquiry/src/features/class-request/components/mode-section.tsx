import type { UseFormReturn } from 'react-hook-form';
import type { EnquiryMode } from '@kalike/shared/domain/enquiry-lifecycle';
import { FieldGroup } from '@kalike/shared/ui/form/field';
import { formOptionRow } from '@kalike/shared/ui/form/form-css';

import { modeLabels } from '../../../utils/enquiry-labels';
import type { RequestValues } from '../utils/request-rules';

/** Where the classes should happen, among the places offered. */
export function ModeSection({ form, modes }: { form: UseFormReturn<RequestValues>; modes: readonly EnquiryMode[] }) {
  return (
    <FieldGroup legend="Where should the classes happen?" error={form.formState.errors.mode?.message}>
      {modes.map((mode) => (
        <label key={mode} css={formOptionRow}>
          <input type="radio" value={mode} {...form.register('mode')} />
          {modeLabels[mode]}
        </label>
      ))}
    </FieldGroup>
  );
}
