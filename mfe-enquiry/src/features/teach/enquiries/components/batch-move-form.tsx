import { useId } from 'react';
import { useController, useForm } from 'react-hook-form';
import type { EnquiryBatch } from '@kalike/shared/contracts/enquiries';
import { formatClockTime, formatWeekdays } from '@kalike/shared/format/dates';
import { formatPaise } from '@kalike/shared/format/money';
import { FieldGroup } from '@kalike/shared/ui/form/field';
import { FormFailure } from '@kalike/shared/ui/form/field-error';
import { RadioOption } from '@kalike/shared/ui/form/radio-option';
import { mutedText, strongText } from '@kalike/shared/ui/text-styles';

import { useOfferChoices } from '../api/get-teacher-inbox';
import { useOfferBatch } from '../../../../api/update-enquiry';
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
import { BatchDetails } from '../../../../components/offer-details';

const lowestPrice = (batch: EnquiryBatch) => Math.min(...batch.plans.map((plan) => plan.pricePaise));

function batchSummary(batch: EnquiryBatch): string {
  const seats = batch.seatsLeft === 1 ? '1 seat left' : `${batch.seatsLeft} seats left`;
  const from = batch.plans.length > 0 ? ` · packs from ${formatPaise(lowestPrice(batch))}` : ' · no class packs yet';
  return `${formatWeekdays(batch.daysOfWeek)} ${formatClockTime(batch.startTime)} · ${seats}${from}`;
}

interface BatchValues {
  batchId: string;
  message: string;
}

/** Offers the family a place in one of the teacher's batches with a seat left. */
export function BatchMoveForm({ enquiry, onDone, onRefused, onCancel }: MoveFormProps) {
  const id = useId();
  const choices = useOfferChoices(enquiry.id, { enabled: true });
  const offer = useOfferBatch(enquiry.id);
  const onError = useFailureHandler(enquiry.id, onRefused);
  const form = useForm<BatchValues>({ defaultValues: { batchId: '', message: '' }, reValidateMode: 'onSubmit' });
  // A controller, not register: the batch must be chosen even while there are none to show.
  const batch = useController({ control: form.control, name: 'batchId', rules: { required: 'Choose the batch to offer a place in.' } });
  const batches = choices.data?.batches ?? [];
  const chosen = batches.find((option) => option.id === batch.field.value);
  const submit = form.handleSubmit(({ batchId, message }) => {
    if (offer.isPending) return;
    offer.mutate({ batchId, ...optionalMessage(message) }, { onSuccess: () => onDone('Place offered. The family gets a text message to enrol.'), onError });
  });
  const failure = batch.fieldState.error?.message ?? inlineFailure(offer.error);
  return (
    <form onSubmit={(event) => void submit(event)} css={movePanelStyle} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`} css={strongText}>
        Offer a place in a batch
      </h3>
      <ChoicesState choices={choices} />
      {choices.isSuccess && batches.length === 0 && <p css={mutedText}>None of your batches has a seat left.</p>}
      {batches.length > 0 && (
        <FieldGroup legend="Which batch?" describedBy={`${id}-error`}>
          {batches.map((option) => (
            <RadioOption
              key={option.id}
              roomy
              name={`${id}-batch`}
              value={option.id}
              checked={batch.field.value === option.id}
              onChange={() => batch.field.onChange(option.id)}
              onBlur={batch.field.onBlur}
              css={moveRadioStyle}
              title={`${option.name} · ${option.programName}`}
              detail={batchSummary(option)}
            />
          ))}
        </FieldGroup>
      )}
      {chosen && <BatchDetails batch={chosen} headingLevel={3} />}
      {batches.length > 0 && <OptionalMessage registration={form.register('message')} />}
      <FormFailure id={`${id}-error`} message={failure} />
      <MoveFormButtons pending={offer.isPending} submitLabel="Offer this batch" pendingLabel="Offering…" onCancel={onCancel} />
    </form>
  );
}
