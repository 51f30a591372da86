import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { css } from '@emotion/react';
import { timesOfDay } from '@kalike/shared/domain/listing-values';
import { Button } from '@kalike/shared/ui/button';
import { FieldGroup } from '@kalike/shared/ui/form/field';
import { formChip, formChipRow, formField, formHint } from '@kalike/shared/ui/form/form-css';
import { labelStyles } from '@kalike/shared/ui/form/form-styles';

import { timeOfDayLabels } from '@kalike/shared/domain/listing-values';
import { weekdays } from '../../../utils/enquiry-labels';
import type { SlotChoice } from '../hooks/use-slot-choice';
import type { RequestValues } from '../utils/request-rules';

const slotsLabelStyle = css({ ...labelStyles, margin: 0 });

/**
 * The teacher's batch times, of the chosen program only: choosing one ticks its days and time
 * of day below, choosing it again takes them back.
 */
export function SlotSuggestions({ choice }: { choice: SlotChoice }) {
  const labelId = useId();
  if (choice.offered.length === 0) return null;
  return (
    <div css={formField}>
      <p id={labelId} css={slotsLabelStyle}>
        This teacher's batches <span css={formHint}>(choose one to fill in its days and time)</span>
      </p>
      <div role="group" aria-labelledby={labelId} css={formChipRow}>
        {choice.offered.map((slot) => (
          <Button key={slot.label} type="button" variant="secondary" aria-pressed={choice.isChosen(slot)} onClick={() => choice.toggle(slot)}>
            {slot.label}
          </Button>
        ))}
      </div>
    </div>
  );
}

/** When the learner can come: days of the week and times of day. */
export function ScheduleSection({ form }: { form: UseFormReturn<RequestValues> }) {
  const { errors } = form.formState;
  return (
    <>
      <FieldGroup legend="Preferred days" error={errors.preferredDays?.message}>
        <div css={formChipRow}>
          {weekdays.map(({ day, short, long }) => (
            <label key={day} css={formChip}>
              <input type="checkbox" value={String(day)} aria-label={long} {...form.register('preferredDays')} />
              <span aria-hidden="true">{short}</span>
            </label>
          ))}
        </div>
      </FieldGroup>

      <FieldGroup legend="Preferred times" error={errors.preferredTimes?.message}>
        <div css={formChipRow}>
          {timesOfDay.map((time) => (
            <label key={time} css={formChip}>
              <input type="checkbox" value={time} {...form.register('preferredTimes')} />
              {timeOfDayLabels[time].label} <span css={formHint}>({timeOfDayLabels[time].hint})</span>
            </label>
          ))}
        </div>
      </FieldGroup>
    </>
  );
}
