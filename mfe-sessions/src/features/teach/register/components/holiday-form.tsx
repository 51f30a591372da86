import { useId, useState, type FormEvent } from 'react';
import { css } from '@emotion/react';
import type { AddHolidayBody } from '@kalike/shared/contracts/sessions';
import { readableErrorMessage } from '@kalike/shared/api/api-error';
import { istDateKey } from '@kalike/shared/format/dates';
import { sessionLimits } from '@kalike/shared/domain/session-values';
import { Button } from '@kalike/shared/ui/button';
import { FieldError } from '@kalike/shared/ui/form-field';
import { formField, formFieldGrid, formInput } from '@kalike/shared/ui/form-css';
import { stack } from '@kalike/shared/ui/layout-styles';
import { boldWeight, errorText } from '@kalike/shared/ui/text-styles';
import { colors } from '@kalike/shared/ui/theme';

import { useAddHoliday } from '../api/session-register';
import { useCheckedDraft } from '../hooks/use-checked-draft';
import { checkHoliday, type HolidayDraft } from '../utils/holiday-form';

const doneStyle = css({ margin: 0, fontWeight: 600, color: colors.success });

/** A holiday over whole days for the class's batch: its classes in those days are cancelled and each family is texted. */
export function HolidayForm({ sessionId, batchId, batchName }: { sessionId: string; batchId: string; batchName: string }) {
  const today = istDateKey(new Date());
  const ids = { startsOn: useId(), endsOn: useId(), reason: useId() };
  const { draft, errors, change, checked } = useCheckedDraft<HolidayDraft, AddHolidayBody>({ startsOn: today, endsOn: today, reason: '' }, (value) =>
    checkHoliday(value, today),
  );
  const [done, setDone] = useState<string | null>(null);
  const add = useAddHoliday(sessionId, batchId);

  if (done) {
    return (
      <p role="status" css={doneStyle}>
        {done}
      </p>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = checked();
    if (!body) return;
    add.mutate(body, {
      onSuccess: (holiday) => {
        const count = holiday.cancelledSessionIds.length;
        setDone(`Holiday added for ${batchName}: ${count} ${count === 1 ? 'class' : 'classes'} cancelled. Every family in the batch has been sent a text.`);
      },
    });
  };

  const field = (name: 'startsOn' | 'endsOn', label: string) => (
    <div css={formField}>
      <label htmlFor={ids[name]} css={boldWeight}>
        {label}
      </label>
      <input
        id={ids[name]}
        type="date"
        css={formInput}
        min={today}
        value={draft[name]}
        onChange={change(name)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${ids[name]}-error` : undefined}
        disabled={add.isPending}
      />
      <FieldError id={`${ids[name]}-error`} message={errors[name]} />
    </div>
  );

  return (
    <form onSubmit={submit} noValidate css={stack[3]} aria-label="Add a holiday">
      <div css={formFieldGrid}>
        {field('startsOn', 'First day')}
        {field('endsOn', 'Last day')}
      </div>
      <div css={formField}>
        <label htmlFor={ids.reason} css={boldWeight}>
          What the holiday is for
        </label>
        <input
          id={ids.reason}
          css={formInput}
          value={draft.reason}
          maxLength={sessionLimits.holidayReasonMax}
          onChange={change('reason')}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${ids.reason}-error` : undefined}
          disabled={add.isPending}
        />
        <FieldError id={`${ids.reason}-error`} message={errors.reason} />
      </div>
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
