import type { UseFormReturn } from 'react-hook-form';
import type { EnquiryMode } from '@kalike/shared/domain/enquiry-lifecycle';
import { formFieldset, formLegend, formOptionRow } from '@kalike/shared/ui/form-css';

import { modeLabels } from '../../../utils/enquiry-labels';
import type { RequestFieldHelp } from '../hooks/use-request-field-help';
import type { RequestValues } from '../utils/request-rules';

/** Where the classes should happen, among the places offered. */
export function ModeSection({ form, help, modes }: { form: UseFormReturn<RequestValues>; help: RequestFieldHelp; modes: readonly EnquiryMode[] }) {
  const { describedBy, errorOf } = help;
  return (
    <fieldset css={formFieldset} aria-describedby={describedBy('mode')}>
      <legend css={formLegend}>Where should the classes happen?</legend>
      {modes.map((mode) => (
        <label key={mode} css={formOptionRow}>
          <input type="radio" value={mode} {...form.register('mode')} />
          {modeLabels[mode]}
        </label>
      ))}
      {errorOf('mode')}
    </fieldset>
  );
}
