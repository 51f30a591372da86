import type { EnquiryBatch } from '@kalike/shared/contracts/enquiries';
import { formatClockTime, formatWeekdays } from '@kalike/shared/format/dates';
import { formatPaise } from '@kalike/shared/format/money';

import { useOfferChoices } from '../api/get-teacher-inbox';
import { useOfferBatch } from '../../../../api/update-enquiry';
import { ChoiceMoveForm, useFailureHandler, type MoveFormProps } from './move-form-parts';
import { BatchDetails } from '../../../../components/offer-details';
import { pickedBatchId } from '../utils/picked-batch';

const lowestPrice = (batch: EnquiryBatch) => Math.min(...batch.plans.map((plan) => plan.pricePaise));

function batchSummary(batch: EnquiryBatch): string {
  const seats = batch.seatsLeft === 1 ? '1 seat left' : `${batch.seatsLeft} seats left`;
  const from = batch.plans.length > 0 ? ` · packs from ${formatPaise(lowestPrice(batch))}` : ' · no class packs yet';
  return `${formatWeekdays(batch.daysOfWeek)} ${formatClockTime(batch.startTime)} · ${seats}${from}`;
}

/** Offers the family a place in one of the teacher's batches with a seat left. */
export function BatchMoveForm({ enquiry, onDone, onRefused, onCancel }: MoveFormProps) {
  const choices = useOfferChoices(enquiry.id, { enabled: true });
  const offer = useOfferBatch(enquiry.id);
  const onError = useFailureHandler(enquiry.id, onRefused);
  const batches = choices.data?.batches ?? [];
  return (
    <ChoiceMoveForm
      heading="Offer a place in a batch"
      choices={choices}
      options={batches}
      initialChoiceId={pickedBatchId(enquiry, batches)}
      noOptions="None of your batches has a seat left."
      legend="Which batch?"
      required="Choose the batch to offer a place in."
      roomy
      optionTitle={(option) => `${option.name} · ${option.programName}`}
      optionDetail={batchSummary}
      chosenDetails={(option) => <BatchDetails batch={option} headingLevel={3} />}
      pending={offer.isPending}
      error={offer.error}
      send={(batchId, note) =>
        offer.mutate({ batchId, ...note }, { onSuccess: () => onDone('Place offered. The family gets a text message to enrol.'), onError })
      }
      submitLabel="Offer this batch"
      pendingLabel="Offering…"
      onCancel={onCancel}
    />
  );
}
