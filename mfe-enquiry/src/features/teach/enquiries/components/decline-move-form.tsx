import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { enquiryLimits } from '@kalike/shared/domain/enquiry-lifecycle';
import { checkResolver, type FormCheck } from '@kalike/shared/ui/form/check-resolver';
import { FieldGroup } from '@kalike/shared/ui/form/field';
import { FormFailure } from '@kalike/shared/ui/form/field-error';
import { formHint, formOptionRow, formRadio } from '@kalike/shared/ui/form/form-css';
import { TextAreaField } from '@kalike/shared/ui/form/registered-fields';
import { strongText } from '@kalike/shared/ui/text-styles';

import { useDeclineEnquiry } from '../../../../api/update-enquiry';
import { declineReasons, declineReasonText, type DeclineInput } from '../utils/decline-reason';
import { inlineFailure, MoveFormButtons, movePanelStyle, useFailureHandler, type MoveFormProps } from './move-form-parts';

/**
 * The reason and the note are checked together ("Another reason" needs the note, and both must
 * fit the limit); every message says what is wrong with the reason the family will read.
 */
const declineCheck: FormCheck<DeclineInput, { reason: string }> = (values) => {
  const checked = declineReasonText(values);
  return checked.ok ? { body: { reason: checked.text } } : { errors: { reason: checked.error } };
};

/** Declines the enquiry with one of the usual reasons, or the teacher's own words. */
export function DeclineMoveForm({ enquiry, onDone, onRefused, onCancel }: MoveFormProps) {
  const id = useId();
  const decline = useDeclineEnquiry(enquiry.id);
  const onError = useFailureHandler(enquiry.id, onRefused);
  const form = useForm<DeclineInput, unknown, { reason: string }>({
    defaultValues: { reason: '', note: '' },
    resolver: checkResolver(declineCheck),
    reValidateMode: 'onSubmit',
  });
  const reason = useWatch({ control: form.control, name: 'reason' });
  const submit = form.handleSubmit((body) => {
    if (decline.isPending) return;
    decline.mutate(body, { onSuccess: () => onDone('Enquiry declined. The family is told you cannot take it.'), onError });
  });
  const failure = form.formState.errors.reason?.message ?? inlineFailure(decline.error);
  return (
    <form onSubmit={(event) => void submit(event)} css={movePanelStyle} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`} css={strongText}>
        Decline this enquiry
      </h3>
      <FieldGroup legend="Why can you not take it?" describedBy={`${id}-error`}>
        {declineReasons.map((entry) => (
          <label key={entry.value} css={formOptionRow}>
            <input type="radio" value={entry.value} css={formRadio} {...form.register('reason')} />
            {entry.label}
          </label>
        ))}
      </FieldGroup>
      <TextAreaField
        label={
          <>
            A note to the family <span css={formHint}>{reason === 'other' ? '(needed)' : '(optional)'}</span>
          </>
        }
        rows={2}
        maxLength={enquiryLimits.reasonMaxLength}
        registration={form.register('note')}
      />
      <FormFailure id={`${id}-error`} message={failure} />
      <MoveFormButtons pending={decline.isPending} submitLabel="Decline enquiry" pendingLabel="Declining…" onCancel={onCancel} />
    </form>
  );
}
