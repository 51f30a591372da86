import { useId } from 'react';
import { useController, useForm } from 'react-hook-form';
import { formatInstantLong, formatTime } from '@kalike/shared/format/dates';
import { FieldGroup } from '@kalike/shared/ui/form/field';
import { FormFailure } from '@kalike/shared/ui/form/field-error';
import { RadioOption } from '@kalike/shared/ui/form/radio-option';
import { mutedText, strongText } from '@kalike/shared/ui/text-styles';

import { useOfferChoices } from '../api/get-teacher-inbox';
import { useProposeDemo } from '../../../../api/update-enquiry';
import {
  ChoicesState,
  inlineFailure,
  MoveFormButtons,
  movePanelStyle,
  moveRadioStyle,
  OptionalMessage,
  optionalMessage,
  useFailureHandler,
  type MoveFormProps,
} from './move-form-parts';

interface DemoValues {
  sessionId: string;
  message: string;
}

/** Offers one of the teacher's classes in the next two weeks as a demo the family can join. */
export function DemoMoveForm({ enquiry, onDone, onRefused, onCancel }: MoveFormProps) {
  const id = useId();
  const choices = useOfferChoices(enquiry.id, { enabled: true });
  const propose = useProposeDemo(enquiry.id);
  const onError = useFailureHandler(enquiry.id, onRefused);
  const form = useForm<DemoValues>({ defaultValues: { sessionId: '', message: '' }, reValidateMode: 'onSubmit' });
  // A controller, not register: the class must be chosen even while there are none to show.
  const session = useController({ control: form.control, name: 'sessionId', rules: { required: 'Choose the class the family can join as a demo.' } });
  const sessions = choices.data?.demoSessions ?? [];
  const submit = form.handleSubmit(({ sessionId, message }) => {
    if (propose.isPending) return;
    propose.mutate(
      { sessionId, ...optionalMessage(message) },
      { onSuccess: () => onDone('Demo class offered. The family gets a text message to book it.'), onError },
    );
  });
  const failure = session.fieldState.error?.message ?? inlineFailure(propose.error);
  return (
    <form onSubmit={(event) => void submit(event)} css={movePanelStyle} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`} css={strongText}>
        Offer a demo class
      </h3>
      <ChoicesState choices={choices} />
      {choices.isSuccess && sessions.length === 0 && <p css={mutedText}>You have no classes in the next two weeks to offer as a demo.</p>}
      {sessions.length > 0 && (
        <FieldGroup legend="Which class can they join?" describedBy={`${id}-error`}>
          {sessions.map((option) => (
            <RadioOption
              key={option.id}
              name={`${id}-session`}
              value={option.id}
              checked={session.field.value === option.id}
              onChange={() => session.field.onChange(option.id)}
              onBlur={session.field.onBlur}
              css={moveRadioStyle}
              title={
                <>
                  <time dateTime={option.startsAt}>{formatInstantLong(option.startsAt)}</time> to {formatTime(option.endsAt)}
                </>
              }
              detail={`${option.batch.name} · ${option.batch.programName}`}
            />
          ))}
        </FieldGroup>
      )}
      {sessions.length > 0 && <OptionalMessage registration={form.register('message')} />}
      <FormFailure id={`${id}-error`} message={failure} />
      <MoveFormButtons pending={propose.isPending} submitLabel="Offer this demo" pendingLabel="Offering…" onCancel={onCancel} />
    </form>
  );
}
