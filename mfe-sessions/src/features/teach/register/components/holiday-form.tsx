import { useState } from 'react';
import { css } from '@emotion/react';
import type { AddHolidayBody } from '@kalike/shared/contracts/sessions';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { istDateKey } from '@kalike/shared/format/dates';
import { sessionLimits } from '@kalike/shared/domain/session-values';
import { Button } from '@kalike/shared/ui/button';
import { formFieldGrid } from '@kalike/shared/ui/form/form-css';
import { TextField } from '@kalike/shared/ui/form/registered-fields';
import { stack } from '@kalike/shared/ui/layout-styles';
import { errorText } from '@kalike/shared/ui/text-styles';
import { colors } from '@kalike/shared/ui/theme';
import { useCheckedForm } from '@kalike/shared/ui/form/use-checked-form';

import { useAddHoliday } from '../api/session-register';
import { checkHoliday, type HolidayDraft } from '../utils/holiday-form';

const doneStyle = css({ margin: 0, fontWeight: 600, color: colors.success });

/** A holiday over whole days for the class's batch: its classes in those days are cancelled and each family is texted. */
export function HolidayForm({ sessionId, batchId, batchName }: { sessionId: string; batchId: string; batchName: string }) {
  const today = istDateKey(new Date());
  const { form, register, errors } = useCheckedForm<HolidayDraft, AddHolidayBody>({
    defaultValues: { startsOn: today, endsOn: today, reason: '' },
    check: (value) => checkHoliday(value, today),
  });
  const [done, setDone] = useState<string | null>(null);
  const add = useAddHoliday(sessionId, batchId);

  if (done) {
    return (
      <p role="status" css={doneStyle}>
        {done}
      </p>
    );
  }

  const submit = form.handleSubmit((body) =>
    add.mutate(body, {
      onSuccess: (holiday) => {
        const count = holiday.cancelledSessionIds.length;
        setDone(`Holiday added for ${batchName}: ${count} ${count === 1 ? 'class' : 'classes'} cancelled. Every family in the batch has been sent a text.`);
      },
    }),
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate css={stack[3]} aria-label="Add a holiday">
      <div css={formFieldGrid}>
        <TextField label="First day" type="date" min={today} disabled={add.isPending} error={errors.startsOn?.message} registration={register('startsOn')} />
        <TextField label="Last day" type="date" min={today} disabled={add.isPending} error={errors.endsOn?.message} registration={register('endsOn')} />
      </div>
      <TextField
        label="What the holiday is for"
        maxLength={sessionLimits.holidayReasonMax}
        disabled={add.isPending}
        error={errors.reason?.message}
        registration={register('reason')}
      />
      <Button type="submit" variant="secondary" disabled={add.isPending}>
        {add.isPending ? 'Adding…' : 'Add holiday and tell families'}
      </Button>
      {add.isError && (
        <p role="alert" css={errorText}>
          The holiday was not added. {readableErrorMessage(add.error)}
        </p>
      )}
    </form>
  );
}
