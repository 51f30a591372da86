import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { enquiryLimits } from '@kalike/shared/domain/enquiry-lifecycle';
import { FormFailure } from '@kalike/shared/ui/form/field-error';
import { TextAreaField } from '@kalike/shared/ui/form/registered-fields';
import { strongText } from '@kalike/shared/ui/text-styles';

import { useRespondEnquiry } from '../../../../api/update-enquiry';
import { inlineFailure, MoveFormButtons, movePanelStyle, useFailureHandler, type MoveFormProps } from './move-form-parts';

/** The teacher's written reply to the family. */
export function ReplyMoveForm({ enquiry, onDone, onRefused, onCancel }: MoveFormProps) {
  const id = useId();
  const respond = useRespondEnquiry(enquiry.id);
  const onError = useFailureHandler(enquiry.id, onRefused);
  // A problem stays until the next try, as every move's failure line does.
  const form = useForm<{ message: string }>({ defaultValues: { message: '' }, reValidateMode: 'onSubmit' });
  const submit = form.handleSubmit(({ message }) => {
    if (respond.isPending) return;
    respond.mutate({ message: message.trim() }, { onSuccess: () => onDone('Reply sent. The family gets a text message to read it.'), onError });
  });
  const problem = form.formState.errors.message?.message;
  const failure = problem ?? inlineFailure(respond.error);
  return (
    <form onSubmit={(event) => void submit(event)} css={movePanelStyle} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`} css={strongText}>
        Reply to {enquiry.contact.name.split(' ')[0]}
      </h3>
      <TextAreaField
        label="Your reply"
        rows={4}
        maxLength={enquiryLimits.teacherMessageMaxLength}
        invalid={Boolean(problem)}
        describedBy={`${id}-error`}
        registration={form.register('message', { validate: (message) => (message.trim() ? true : 'Write your reply first.') })}
      />
      <FormFailure id={`${id}-error`} message={failure} />
      <MoveFormButtons pending={respond.isPending} submitLabel="Send reply" pendingLabel="Sending…" onCancel={onCancel} />
    </form>
  );
}
