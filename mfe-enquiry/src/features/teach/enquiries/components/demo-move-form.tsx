import { formatInstantLong, formatTime } from '@kalike/shared/format/dates';

import { useOfferChoices } from '../api/get-teacher-inbox';
import { useProposeDemo } from '../../../../api/update-enquiry';
import { ChoiceMoveForm, useFailureHandler, type MoveFormProps } from './move-form-parts';

/** Offers one of the teacher's classes in the next two weeks as a demo the family can join. */
export function DemoMoveForm({ enquiry, onDone, onRefused, onCancel }: MoveFormProps) {
  const choices = useOfferChoices(enquiry.id, { enabled: true });
  const propose = useProposeDemo(enquiry.id);
  const onError = useFailureHandler(enquiry.id, onRefused);
  return (
    <ChoiceMoveForm
      heading="Offer a demo class"
      choices={choices}
      options={choices.data?.demoSessions ?? []}
      noOptions="You have no classes in the next two weeks to offer as a demo."
      legend="Which class can they join?"
      required="Choose the class the family can join as a demo."
      optionTitle={(option) => (
        <>
          <time dateTime={option.startsAt}>{formatInstantLong(option.startsAt)}</time> to {formatTime(option.endsAt)}
        </>
      )}
      optionDetail={(option) => `${option.batch.name} · ${option.batch.programName}`}
      pending={propose.isPending}
      error={propose.error}
      send={(sessionId, note) =>
        propose.mutate({ sessionId, ...note }, { onSuccess: () => onDone('Demo class offered. The family gets a text message to book it.'), onError })
      }
      submitLabel="Offer this demo"
      pendingLabel="Offering…"
      onCancel={onCancel}
    />
  );
}
